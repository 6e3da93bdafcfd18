import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Badge from 'react-bootstrap/Badge';
import { OrderStatusBadge } from '../../components/OrderStatusBadge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney, orNA, plural } from '../../../../shared/domain/format';
import { buyLabelBody } from '../../../../shared/schemas/shipping';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SendEmailModal } from '../../components/SendEmailModal';
import { showDate } from '../../lib/format';
import { CLAIMABLE_ORDER_STATUSES, OPEN_ORDER_STATUSES } from '../../../../shared/domain/orders';
import { TrackingLink } from '../../components/TrackingLink';
import { type Order, useBuyLabel, useDownloadPdf, useOrder, useQuote, useShippingDefaults, useVoidLabel } from './api';
import { EditOrderForm } from './EditOrderForm';
import { DeliveryClaim } from './DeliveryClaim';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';

/** The form holds what the seller chooses; the price is the shown rate's, added when buying. */
const labelForm = buyLabelBody.omit({ amountCents: true });
type LabelInput = z.input<typeof labelForm>;

/** What a quote was asked for: rates shown for another parcel or addresses are not the label's price. */
const quoteKey = (fromZip: string, toZip: string, parcel: LabelInput['parcel']) =>
  JSON.stringify([fromZip, toZip, parcel.weightOz, parcel.lengthIn, parcel.widthIn, parcel.heightIn]);

/**
 * Order Details: items, ship-to, the label (quote, buy with one key per purchase so a retry never buys twice,
 * download, void), and Send Email to the customer (the order is then marked follow-up sent).
 */
export function OrderDetailsModal({ order: listed, fromZip, onHide }: { order: Order; fromZip?: string; onHide: () => void }) {
  // The order as it is now: a label bought or an edit saved shows in the header and below at once.
  const order = useOrder(listed).data ?? listed;
  const [editing, setEditing] = useState(false);
  const form = useForm<LabelInput, unknown, z.output<typeof labelForm>>({
    resolver: zodResolver(labelForm),
    defaultValues: {
      orderId: order.orderId,
      // One key per purchase: a retried request never buys twice.
      idempotencyKey: crypto.randomUUID(),
      service: '' as LabelInput['service'],
      parcel: { ...DEFAULT_PARCEL, weightOz: order.weightOz ?? DEFAULT_PARCEL.weightOz },
      overrideAddress: false,
    },
  });
  const service = form.watch('service');
  const [labelId, setLabelId] = useState(listed.labelId ?? undefined);
  // An order still to ship, with no label of ours: it can be edited and a label bought for it (as Batch Purchase
  // offers it). A shipped, delivered or cancelled order without our label was shipped some other way, or not at all.
  const editable = !labelId && !order.labelId && OPEN_ORDER_STATUSES.includes(order.status);
  const quote = useQuote();
  const defaultService = useShippingDefaults().data?.defaultService;
  const toZip = (order.shipTo?.zip ?? '').slice(0, 5);
  // The rates shown are for the parcel and addresses they were asked for: any change since (a field typed, the
  // default parcel arriving, the ship-to edited) hides them and Buy Label waits for Get Rates, as Batch Purchase does.
  const [quotedFor, setQuotedFor] = useState<string>();
  const rates = quote.data && quotedFor === quoteKey(fromZip ?? '', toZip, form.watch('parcel')) ? quote.data.rates : undefined;
  const stale = quote.data !== undefined && rates === undefined;
  const getRates = async () => {
    if (!(await form.trigger('parcel'))) return;
    const parcel = form.getValues('parcel');
    const key = quoteKey(fromZip ?? '', toZip, parcel);
    quote.mutate(
      { fromZip: fromZip ?? '', toZip, parcel },
      // The seller's default service when it is offered for this parcel, else the cheapest.
      {
        onSuccess: (d) => {
          setQuotedFor(key);
          form.setValue('service', (d.rates.find((r) => r.service === defaultService) ?? d.rates[0])?.service ?? ('' as LabelInput['service']));
        },
      },
    );
  };
  // The server's refusals (an address it doubts, a price changed since the rates) read in the alert below.
  const buy = useBuyLabel();
  const shownPrice = rates?.find((r) => r.service === service)?.amountCents;
  const buyLabel = form.handleSubmit((body) => {
    // The server buys only at the price shown here; without a current rate there is nothing to buy at.
    if (shownPrice === undefined) return;
    buy.mutate({ ...body, amountCents: shownPrice }, { onSuccess: (l) => setLabelId(l.labelId) });
  });
  const voidLabel = useVoidLabel();
  const [confirmVoid, setConfirmVoid] = useState(false);
  const download = useDownloadPdf('shipping.label');
  const [emailing, setEmailing] = useState(false);
  const [followUpSent, setFollowUpSent] = useState(order.followUpEmailSent);
  const to = order.shipTo;
  const error = quote.error ?? buy.error ?? voidLabel.error ?? download.error;
  return (
    <>
    {/* Hidden, not unmounted, while the email is written: the label form keeps what was typed. */}
    <Modal show={!emailing} onHide={onHide} size="lg">
      <FormProvider {...form}>
      <Modal.Header closeButton>
        <Modal.Title>
          Order {order.orderNumber}
          <OrderStatusBadge status={order.status} className="ms-2 fs-6 align-middle" testId="order-details-status" />
          {order.trackingNumber && (
            <span className="ms-2 fs-6 align-middle" data-testid="order-details-tracking">
              <TrackingLink carrier={order.carrier} trackingNumber={order.trackingNumber} />
            </span>
          )}
          {followUpSent && (
            <Badge bg="success" className="ms-2 fs-6 align-middle" data-testid="follow-up-sent">
              Follow-up sent
            </Badge>
          )}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {editing ? (
          <EditOrderForm order={order} onDone={() => setEditing(false)} />
        ) : (
        <>
        <p className="mb-1">
          <strong>{order.customerName}</strong> · {showDate(order.orderDate)} · <span className="text-capitalize">{order.status}</span>
        </p>
        <ul className="mb-2">
          {order.items.map((i) => (
            <li key={`${i.name}-${i.price}`}>
              {i.quantity} × {i.name} at {formatMoney(i.price, order.currency)}
            </li>
          ))}
        </ul>
        {order.discounts.length > 0 && (
          <ul className="list-unstyled mb-1 small text-success" data-testid="order-details-discounts">
            {order.discounts.map((d) => (
              <li key={d.discountId}>
                {d.name} -{formatMoney(d.amount, order.currency)}
              </li>
            ))}
          </ul>
        )}
        <p className="mb-2">Total: {formatMoney(order.total, order.currency)}</p>
        <p className="mb-3 small" data-testid="order-details-ship-to">
          Ship to: {to ? [to.name, to.address1, to.address2, `${orNA(to.city)}, ${orNA(to.state)} ${orNA(to.zip)}`].filter(Boolean).join(', ') : 'N/A'}
          {editable && (
            <Button variant="link" size="sm" className="ms-1 p-0 align-baseline" onClick={() => setEditing(true)}>
              Edit Order
            </Button>
          )}
        </p>
        {labelId ? (
          <Alert variant="success" data-testid="label-bought">
            Label bought{buy.data ? `: ${buy.data.serviceName}, tracking ${buy.data.trackingNumber}, ${formatMoney(buy.data.amountCents / 100)}` : order.trackingNumber ? `: tracking ${order.trackingNumber}` : ''}.
            <div className="mt-2 d-flex gap-2">
              <Button size="sm" onClick={() => download.mutate({ labelOrBatchId: labelId!, fileName: `label-${order.orderNumber}.pdf` })} disabled={download.isPending}>
                Download Label
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setConfirmVoid(true)} disabled={voidLabel.isPending}>
                Void Label
              </Button>
            </div>
            <DeliveryClaim orderId={order.orderId} filedAt={order.claimFiledAt} />
          </Alert>
        ) : !editable ? (
          <Alert variant="secondary" data-testid="order-not-shippable">
            {order.status === 'cancelled' ? 'This order is cancelled.' : `This order is ${order.status}${order.trackingNumber ? `, tracking ${order.trackingNumber}` : ''}.`}
            {order.trackingNumber && CLAIMABLE_ORDER_STATUSES.includes(order.status) && <DeliveryClaim orderId={order.orderId} filedAt={order.claimFiledAt} />}
          </Alert>
        ) : (
          <>
            <h6>Buy a label</h6>
            <ParcelFields ownWeightOz={order.weightOz} />
            <Button variant="outline-primary" size="sm" className="mb-2" onClick={getRates} disabled={quote.isPending || !fromZip}>
              Get Rates
            </Button>
            {!fromZip && <div className="small text-danger">Add your return address in Settings before buying labels.</div>}
            {stale && (
              <div className="small text-warning-emphasis mb-2" data-testid="rates-stale" role="status">
                Changed: get rates again before buying.
              </div>
            )}
            {rates && (
              <Form.Select aria-label="Service" className="mb-2" {...form.register('service')}>
                {rates.map((r) => (
                  <option key={r.service} value={r.service}>
                    {r.name}: {formatMoney(r.amountCents / 100)} ({plural(r.days, 'day')})
                  </option>
                ))}
              </Form.Select>
            )}
            <Form.Check id="override-address" label="Ship to this address even if it does not validate" {...form.register('overrideAddress')} />
          </>
        )}
        </>
        )}
        {!editing && error && <ErrorAlert error={error} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" className="me-auto" onClick={() => setEmailing(true)}>
          Send Email
        </Button>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
        {editable && !editing && (
          <Button onClick={buyLabel} disabled={!service || shownPrice === undefined || buy.isPending}>
            Buy Label
          </Button>
        )}
      </Modal.Footer>
      </FormProvider>
    </Modal>
    {confirmVoid && labelId && (
      <ConfirmDialog
        title="Void this label?"
        action="Void Label"
        busy={voidLabel.isPending}
        error={voidLabel.error}
        onHide={() => setConfirmVoid(false)}
        onConfirm={() =>
          voidLabel.mutate(labelId, {
            onSuccess: () => {
              setConfirmVoid(false);
              setLabelId(undefined);
              // The next label is a new purchase: a new key, and the voided one's answer gone.
              form.setValue('idempotencyKey', crypto.randomUUID());
              buy.reset();
              quote.reset();
            },
          })
        }
      >
        <p className="mb-0">
          The label{order.trackingNumber || buy.data ? ` with tracking ${buy.data?.trackingNumber ?? order.trackingNumber}` : ''} stops working and its postage
          {buy.data ? ` (${formatMoney(buy.data.amountCents / 100)})` : ''} is refunded to your postage balance. A package already sent with it will not be delivered. It still counts as one of
          this month's shipments on your plan.
        </p>
      </ConfirmDialog>
    )}
    {emailing && (
      <SendEmailModal
        customerId={order.customerId}
        order={order}
        onHide={() => setEmailing(false)}
        onSent={(answer) => {
          if (answer.followUpEmailSent) setFollowUpSent(true);
          setEmailing(false);
        }}
      />
    )}
    </>
  );
}
