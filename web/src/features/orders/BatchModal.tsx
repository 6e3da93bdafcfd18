import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { batchBody, MAX_BATCH, parcelSchema, SERVICE_NAMES, SERVICES } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ApiError } from '../../lib/api';
import { useWideLayout } from '../../lib/useMediaQuery';
import { type Order, useBatchPurchase, useBatchQuote, useBatchStatus, useDownloadPdf, useShippingDefaults } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BatchFunding, chargeOf } from './BatchFunding';

const WEIGHT_FROM = { changed: 'changed here', order: "order's own", default: 'default' } as const;

/**
 * Batch Purchase: the orders ticked on any page of the table, or every unshipped order (up to 500); a breakdown of
 * each order's weight, service and price before anything is bought, where one order's weight can be changed (an
 * order's own weight is kept otherwise, the default parcel only fills in for orders without one); then one job,
 * each order's result, and one PDF. The breakdown says how the batch is paid for (BatchFunding): a card charge for
 * what the balance lacks is confirmed before the batch starts, and the failed orders of a batch can be tried again.
 */
export function BatchModal({ selected, onHide, onStarted }: { selected: Order[]; onHide: () => void; onStarted?: () => void }) {
  const client = useQueryClient();
  const form = useForm<z.input<typeof batchBody>, unknown, z.output<typeof batchBody>>({
    resolver: zodResolver(batchBody),
    defaultValues: { orderIds: selected.map((o) => o.orderId), allUnshipped: selected.length === 0, service: 'usps_ground_advantage', parcel: DEFAULT_PARCEL, weights: [] },
  });
  const allUnshipped = form.watch('allUnshipped');
  // The seller's default service (/settings#shipping) once it is read, unless one was chosen here already.
  const defaultService = useShippingDefaults().data?.defaultService;
  useEffect(() => {
    if (defaultService && !form.getFieldState('service').isDirty) form.resetField('service', { defaultValue: defaultService });
  }, [defaultService, form]);
  const [weights, setWeights] = useState<Record<string, string>>({});
  // One key per breakdown's Buy: a double click or a retried request starts one batch and charges the card once.
  const [buyKey, setBuyKey] = useState(() => crypto.randomUUID());
  const [confirming, setConfirming] = useState(false);
  // The failed orders of a batch, chosen again by "Retry failed orders".
  const [retryIds, setRetryIds] = useState<string[] | null>(null);
  const quote = useBatchQuote();
  const start = useBatchPurchase();
  const batchId = start.data?.batchId;
  const status = useBatchStatus(batchId);
  const download = useDownloadPdf('shipping.batchLabels');
  const s = status.data;
  const done = Boolean(s?.done);
  useEffect(() => {
    if (!done) return;
    // The labels changed the orders, the postage balance and the month's shipments.
    for (const queryKey of [['orders'], ['shipping', 'balance'], ['shipping', 'usage']]) void client.invalidateQueries({ queryKey });
  }, [done, client]);
  // A breakdown is for the choice it was asked for: a change of service, parcel or weight asks again.
  const [stale, setStale] = useState(false);
  useEffect(() => {
    const watching = form.watch(() => setStale(true));
    return () => watching.unsubscribe();
  }, [form]);

  const weightProblems = Object.fromEntries(
    Object.entries(weights).map(([id, text]) => [id, parcelSchema.shape.weightOz.safeParse(Number(text)).error?.issues[0]?.message]),
  );
  const changedWeights = () => Object.entries(weights).map(([orderId, text]) => ({ orderId, weightOz: Number(text) }));
  const ask = form.handleSubmit((body) => {
    if (Object.values(weightProblems).some(Boolean)) return;
    quote.mutate(
      { ...body, weights: changedWeights() },
      {
        onSuccess: () => {
          setStale(false);
          setBuyKey(crypto.randomUUID());
        },
      },
    );
  });
  // What is bought is what the breakdown showed: its orders by id, with the weights changed in it.
  const buy = form.handleSubmit((body) => {
    if (!quote.data) return;
    const confirmedChargeCents = chargeOf(quote.data.funding);
    start.mutate(
      { ...body, allUnshipped: false, orderIds: quote.data.lines.map((l) => l.orderId), weights: changedWeights(), idempotencyKey: buyKey, confirmedChargeCents },
      {
        onSuccess: () => {
          setConfirming(false);
          onStarted?.();
        },
        // A refused or declined start (4xx) wrote nothing: the next Buy is a new one (the same key would answer the
        // same refusal). One with no answer or a server error may have written and paid for its batch: the next Buy is
        // the same one, which queues what that start did not (functions/shipping/batches.ts resumeBatch).
        onError: (err) => {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) setBuyKey(crypto.randomUUID());
        },
      },
    );
  });
  const retryFailed = () => {
    const ids = (s?.orders ?? []).filter((o) => o.status === 'failed').map((o) => o.orderId);
    setRetryIds(ids);
    form.setValue('orderIds', ids);
    form.setValue('allUnshipped', false);
    start.reset();
    void ask();
  };
  const funding = quote.data?.funding;
  const charge = funding ? chargeOf(funding) : 0;
  const refused = funding?.kind === 'refused';
  const lines = quote.data?.lines ?? [];
  type Line = (typeof lines)[number];
  // At 375 px a row of five columns scrolls sideways: a card per order there, one layout at a time so each
  // weight input exists once.
  const wide = useWideLayout();
  const weightField = (l: Line) => (
    <>
      <Form.Control
        size="sm"
        type="number"
        min={0}
        step="any"
        style={{ maxWidth: 90 }}
        aria-label={`Weight of order ${l.orderNumber} in ounces`}
        {...invalidProps(`batch-weight-${l.orderId}`, weightProblems[l.orderId])}
        value={weights[l.orderId] ?? String(l.parcel.weightOz)}
        onChange={(e) => {
          setWeights({ ...weights, [l.orderId]: e.target.value });
          setStale(true);
        }}
      />
      <FieldFeedback fieldId={`batch-weight-${l.orderId}`} problem={weightProblems[l.orderId]} />
      {l.weightFrom && <span className="small text-body-secondary">{WEIGHT_FROM[l.weightFrom]}</span>}
    </>
  );
  const price = (l: Line) => (l.problem ? <span className="text-danger small">{l.problem}</span> : formatMoney(l.amountCents / 100));
  const fresh = quote.data && !stale && !quote.isPending;
  const error = quote.error ?? start.error ?? status.error ?? download.error;
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="batch-title">
      <FormProvider {...form}>
        <Modal.Header closeButton>
          <Modal.Title id="batch-title">Batch Purchase</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {!batchId ? (
            <>
              <Form.Check
                type="radio"
                id="batch-selected"
                name="batch-which"
                label={retryIds ? `The ${retryIds.length} failed orders of the last batch` : `The ${selected.length} orders ticked in the table`}
                checked={!allUnshipped}
                disabled={(retryIds ?? selected).length === 0}
                onChange={() => form.setValue('allUnshipped', false)}
              />
              <Form.Check
                type="radio"
                id="batch-all"
                name="batch-which"
                label={`All unshipped orders (up to ${MAX_BATCH})`}
                checked={allUnshipped}
                onChange={() => form.setValue('allUnshipped', true)}
              />
              {selected.length === 0 && <p className="small text-body-secondary mb-1">Tick orders in the table to buy labels for only those.</p>}
              <Form.Group controlId="batch-service" className="my-2">
                <Form.Label className="small">Service</Form.Label>
                <Form.Select {...form.register('service')}>
                  {SERVICES.map((code) => (
                    <option key={code} value={code}>
                      {SERVICE_NAMES[code]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <p className="small mb-1">Default parcel: orders without a weight of their own use this weight.</p>
              <ParcelFields />
              {form.formState.errors.orderIds && <div className="small text-danger">{form.formState.errors.orderIds.message}</div>}
              {quote.data && (
                <>
                  {wide ? (
                    <Table size="sm" className="mt-2 align-middle" data-testid="batch-breakdown">
                      <thead>
                        <tr>
                          <th scope="col">Order</th>
                          <th scope="col">Customer</th>
                          <th scope="col">Weight (oz)</th>
                          <th scope="col">Service</th>
                          <th scope="col" className="text-end">
                            Price
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {lines.map((l) => (
                          <tr key={l.orderId} data-testid="batch-line">
                            <td>{l.orderNumber}</td>
                            <td>{l.customerName}</td>
                            <td>{weightField(l)}</td>
                            <td>{l.service ? SERVICE_NAMES[l.service] : ''}</td>
                            <td className="text-end">{price(l)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  ) : (
                    <ul className="list-unstyled d-grid gap-2 mt-2" aria-label="Breakdown per order" data-testid="batch-breakdown">
                      {lines.map((l) => (
                        <li key={l.orderId} data-testid="batch-line">
                          <Card className="shadow-sm">
                            <Card.Body className="py-2">
                              <div className="d-flex justify-content-between gap-2">
                                <strong className="text-break">{l.orderNumber}</strong>
                                <span className="text-end">{price(l)}</span>
                              </div>
                              <div className="small text-break">
                                {l.customerName}
                                {l.service ? ` · ${SERVICE_NAMES[l.service]}` : ''}
                              </div>
                              <div className="d-flex align-items-center gap-2 mt-1">
                                <span className="small text-body-secondary">Weight (oz)</span>
                                <div>{weightField(l)}</div>
                              </div>
                            </Card.Body>
                          </Card>
                        </li>
                      ))}
                    </ul>
                  )}
                  <p data-testid="batch-total">
                    Total for {lines.length} labels: <strong>{formatMoney(quote.data.totalCents / 100)}</strong>
                    {stale && <span className="ms-2 small text-warning-emphasis">Changed: update the prices before buying.</span>}
                  </p>
                  <BatchFunding funding={quote.data.funding} labels={lines.length} />
                </>
              )}
            </>
          ) : (
            <>
              <ProgressBar now={s ? ((s.bought + s.failed) / s.orderCount) * 100 : 0} className="mb-2" label={s ? `${s.bought + s.failed} of ${s.orderCount}` : ''} />
              {s && (
                <p data-testid="batch-result">
                  {s.bought} bought, {s.failed} failed, {formatMoney(s.spentCents / 100)} spent{s.done ? '.' : '...'}
                </p>
              )}
              <Table size="sm" className="text-break">
                <tbody>
                  {s?.orders.map((o) => (
                    <tr key={o.orderId}>
                      <td>{o.orderNumber}</td>
                      <td>{o.customerName}</td>
                      <td className={o.status === 'failed' ? 'text-danger' : undefined}>{o.status === 'failed' ? o.error : o.status === 'bought' ? o.trackingNumber : 'Waiting...'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
          {error && <ErrorAlert error={error} />}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Close
          </Button>
          {!batchId && !fresh && (
            <Button onClick={ask} disabled={quote.isPending}>
              {quote.data ? 'Update Prices' : 'See Breakdown'}
            </Button>
          )}
          {!batchId && fresh && (
            <Button onClick={charge > 0 ? () => setConfirming(true) : buy} disabled={start.isPending || lines.length === 0 || refused}>
              Buy {lines.length} Labels{charge > 0 ? ` and Charge ${formatMoney(charge / 100)}` : ''}
            </Button>
          )}
          {s?.done && s.failed > 0 && (
            <Button variant="outline-primary" onClick={retryFailed}>
              Retry failed orders
            </Button>
          )}
          {s?.done && s.bought > 0 && (
            <Button onClick={() => download.mutate({ labelOrBatchId: batchId!, fileName: `labels-${batchId}.pdf` })} disabled={download.isPending}>
              Download All Labels
            </Button>
          )}
        </Modal.Footer>
      </FormProvider>
      {confirming && funding?.kind === 'recharge' && (
        <ConfirmDialog
          title={`Charge your card ${formatMoney(funding.chargeCents / 100)}?`}
          action={`Charge ${formatMoney(funding.chargeCents / 100)} and Buy ${lines.length} Labels`}
          variant="primary"
          busy={start.isPending}
          error={start.error}
          onConfirm={() => void buy()}
          onHide={() => setConfirming(false)}
        >
          <BatchFunding funding={funding} labels={lines.length} />
        </ConfirmDialog>
      )}
    </Modal>
  );
}
