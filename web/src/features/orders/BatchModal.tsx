import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { FormProvider, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { batchBody, SERVICE_NAMES, SERVICES } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { type Order, useBatchPurchase, useBatchQuote, useBatchStatus, useDownloadPdf } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';


/** Batch Purchase: choose orders, see the total, buy in one job, follow each order's result, download one PDF. */
export function BatchModal({ orders, onHide }: { orders: Order[]; onHide: () => void }) {
  const client = useQueryClient();
  const unshipped = orders.filter((o) => !o.labelId && (o.status === 'unshipped' || o.status === 'pending'));
  const form = useForm<z.input<typeof batchBody>, unknown, z.output<typeof batchBody>>({
    resolver: zodResolver(batchBody),
    defaultValues: { orderIds: unshipped.map((o) => o.orderId), service: 'usps_ground_advantage', parcel: DEFAULT_PARCEL },
  });
  const chosen = form.watch('orderIds');
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
  // A total is for the choice it was asked for: any change asks again.
  const { reset: resetQuote } = quote;
  useEffect(() => {
    const watching = form.watch(() => resetQuote());
    return () => watching.unsubscribe();
  }, [form, resetQuote]);
  const toggle = (id: string) => {
    const next = chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
    form.setValue('orderIds', next);
  };
  const error = quote.error ?? start.error ?? status.error ?? download.error;
  return (
    <Modal show onHide={onHide} size="lg">
      <FormProvider {...form}>
      <Modal.Header closeButton>
        <Modal.Title>Batch Purchase</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!batchId ? (
          <>
            {unshipped.length === 0 && <p>No unshipped orders on this page.</p>}
            {unshipped.map((o) => (
              <Form.Check key={o.orderId} id={`batch-${o.orderId}`} label={`${o.orderNumber} · ${o.customerName}`} checked={chosen.includes(o.orderId)} onChange={() => toggle(o.orderId)} />
            ))}
            <Form.Select aria-label="Service" className="my-2" {...form.register('service')}>
              {SERVICES.map((code) => (
                <option key={code} value={code}>
                  {SERVICE_NAMES[code]}
                </option>
              ))}
            </Form.Select>
            <ParcelFields />
            {quote.data && <p data-testid="batch-total">Total for {quote.data.lines.length} labels: <strong>{formatMoney(quote.data.totalCents / 100)}</strong></p>}
          </>
        ) : (
          <>
            <ProgressBar now={s ? ((s.bought + s.failed) / s.orderCount) * 100 : 0} className="mb-2" label={s ? `${s.bought + s.failed} of ${s.orderCount}` : ''} />
            {s && (
              <p data-testid="batch-result">
                {s.bought} bought, {s.failed} failed, {formatMoney(s.spentCents / 100)} spent{s.done ? '.' : '...'}
              </p>
            )}
            <Table size="sm">
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
        {!batchId && !quote.data && (
          <Button onClick={form.handleSubmit((body) => quote.mutate(body))} disabled={chosen.length === 0 || quote.isPending}>
            See Total
          </Button>
        )}
        {!batchId && quote.data && (
          <Button onClick={form.handleSubmit((body) => start.mutate(body))} disabled={start.isPending}>
            Buy {quote.data.lines.length} Labels
          </Button>
        )}
        {s?.done && s.bought > 0 && (
          <Button onClick={() => download.mutate({ labelOrBatchId: batchId!, fileName: `labels-${batchId}.pdf` })} disabled={download.isPending}>
            Download All Labels
          </Button>
        )}
      </Modal.Footer>
      </FormProvider>
    </Modal>
  );
}
