import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { DISCOUNT_TYPE, DISCOUNT_TYPE_LABELS, type DiscountState, type DiscountType, dayAt, discountState } from '../../../../shared/domain/discounts';
import { formatDate, formatMoney } from '../../../../shared/domain/format';
import { browserTimeZone, type SavedDiscount, useDiscounts, useEndDiscount } from '../../lib/discounts';
import { ConfirmDialog } from '../ConfirmDialog';
import { ErrorAlert } from '../ErrorAlert';
import { Loading } from '../Loading';
import { DiscountModal } from './DiscountModal';

const STATE_LABEL: Record<DiscountState, { text: string; bg: string }> = {
  active: { text: 'Active', bg: 'success' },
  scheduled: { text: 'Scheduled', bg: 'info' },
  expired: { text: 'Expired', bg: 'secondary' },
  ended: { text: 'Ended', bg: 'secondary' },
};

/** How a discount reads in a list: its amount, kind, items and when it runs. */
export function describeDiscount(d: SavedDiscount): string {
  const amount = d.isPercent ? `${d.amount}% off` : `${formatMoney(d.amount)} off`;
  const kind = DISCOUNT_TYPE_LABELS[d.type as DiscountType] ?? '';
  const quantity =
    d.type === DISCOUNT_TYPE.bogo
      ? `buy ${d.itemsDiscountAmount}, ${d.itemsDiscountBogoAmount} discounted`
      : d.type === DISCOUNT_TYPE.product
        ? ''
        : `${d.itemsDiscountAmount} items`;
  const when = d.continuous ? 'Continuous' : `${d.startDate} - ${d.endDate}`;
  return [kind, quantity, amount, when, d.livestream ? 'Livestream' : ''].filter(Boolean).join(' · ');
}

/**
 * The seller's discounts (issue 15): each running or scheduled one with Edit and End (asked to confirm first), Add
 * Discount, and those ended most recently. Shared UI, so whichever screen lists discounts (Marketing, New Order)
 * can show it.
 */
export function DiscountsPanel() {
  const list = useDiscounts();
  const end = useEndDiscount();
  const [editing, setEditing] = useState<SavedDiscount | 'new' | undefined>();
  const [ending, setEnding] = useState<SavedDiscount | undefined>();
  const today = dayAt(new Date(), browserTimeZone());

  return (
    <section aria-labelledby="discounts-title" data-testid="discounts-panel">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="discounts-title" className="h5 mb-0">
          Discounts
        </h2>
        <Button size="sm" onClick={() => setEditing('new')}>
          Add Discount
        </Button>
      </div>
      {list.isPending && <Loading />}
      {list.error && <ErrorAlert error={list.error} onRetry={() => list.refetch()} />}
      {list.data && list.data.discounts.length === 0 && <p className="text-body-secondary">No discounts yet.</p>}
      {list.data && list.data.discounts.length > 0 && (
        <ListGroup className="mb-3">
          {list.data.discounts.map((d) => {
            const state = STATE_LABEL[discountState(d, today)];
            return (
              <ListGroup.Item key={d.discountId} className="d-flex flex-wrap align-items-center gap-2" data-testid="discount-row">
                <div className="flex-grow-1">
                  <div className="fw-semibold">
                    {d.name}{' '}
                    <Badge bg={state.bg} className="ms-1">
                      {state.text}
                    </Badge>
                  </div>
                  <div className="small text-body-secondary">{describeDiscount(d)}</div>
                </div>
                <div className="d-flex gap-2">
                  <Button variant="outline-secondary" size="sm" aria-label={`Edit ${d.name}`} onClick={() => setEditing(d)}>
                    Edit
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    aria-label={`End ${d.name}`}
                    onClick={() => {
                      end.reset();
                      setEnding(d);
                    }}
                  >
                    End
                  </Button>
                </div>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      {list.data && list.data.ended.length > 0 && (
        <>
          <h3 className="h6">Ended</h3>
          <ListGroup variant="flush" className="small" data-testid="ended-discounts">
            {list.data.ended.map((d) => (
              <ListGroup.Item key={d.discountId}>
                {d.name} <span className="text-body-secondary">ended {formatDate(d.endedAt, browserTimeZone())}</span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </>
      )}
      {editing && <DiscountModal discount={editing === 'new' ? undefined : editing} onHide={() => setEditing(undefined)} />}
      {ending && (
        <ConfirmDialog
          title="End Discount"
          action="End Discount"
          busy={end.isPending}
          error={end.error}
          onHide={() => setEnding(undefined)}
          onConfirm={() => end.mutate(ending.discountId, { onSuccess: () => setEnding(undefined) })}
        >
          <p className="mb-0">
            End <strong>{ending.name}</strong>? It will no longer apply to new orders.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
