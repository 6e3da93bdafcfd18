import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { z } from 'zod';
import { ErrorAlert } from '../../components/ErrorAlert';
import { api } from '../../lib/api';
import { dollars, downloadPdf, type Order } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';

const SERVICES = [
  ['usps_ground_advantage', 'USPS Ground Advantage'],
  ['usps_priority', 'Priority Mail'],
  ['usps_priority_express', 'Priority Mail Express'],
  ['ups_ground', 'UPS Ground'],
  ['ups_3_day_select', 'UPS 3 Day Select'],
  ['ups_2nd_day_air', 'UPS 2nd Day Air'],
] as const;
type Service = (typeof SERVICES)[number][0];

const quoteSchema = z.object({ totalCents: z.number(), lines: z.array(z.object({ orderId: z.string(), amountCents: z.number() })) });
const statusSchema = z.object({
  orderCount: z.number(),
  bought: z.number(),
  failed: z.number(),
  spentCents: z.number(),
  done: z.boolean(),
  orders: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), customerName: z.string(), status: z.string(), error: z.string().nullish(), trackingNumber: z.string().nullish() })),
});

/** Batch Purchase: choose orders, see the total, buy in one job, follow each order's result, download one PDF. */
export function BatchModal({ orders, onHide }: { orders: Order[]; onHide: () => void }) {
  const client = useQueryClient();
  const unshipped = orders.filter((o) => !o.labelId && (o.status === 'unshipped' || o.status === 'pending'));
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(unshipped.map((o) => o.orderId)));
  const [service, setService] = useState<Service>('usps_ground_advantage');
  const [parcel, setParcel] = useState(DEFAULT_PARCEL);
  const body = () => ({ orderIds: [...chosen], service, parcel });
  const quote = useMutation({ mutationFn: () => api('shipping.batchQuote', { body: body() }, quoteSchema) });
  const start = useMutation({ mutationFn: () => api('shipping.batchPurchase', { body: body() }, z.object({ batchId: z.string() })) });
  const batchId = start.data?.batchId;
  const status = useQuery({
    queryKey: ['shipping', 'batch', batchId],
    queryFn: ({ signal }) => api('shipping.batchStatus', { query: { id: batchId! }, signal }, statusSchema),
    enabled: Boolean(batchId),
    refetchInterval: (q) => (q.state.data?.done ? false : 1000),
  });
  const download = useMutation({ mutationFn: () => downloadPdf('shipping.batchLabels', batchId!, `labels-${batchId}.pdf`) });
  const s = status.data;
  const done = Boolean(s?.done);
  useEffect(() => {
    if (!done) return;
    // The labels changed the orders, the postage balance and the month's shipments.
    for (const queryKey of [['orders'], ['shipping', 'balance'], ['shipping', 'usage']]) void client.invalidateQueries({ queryKey });
  }, [done, client]);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
    quote.reset();
  };
  const error = quote.error ?? start.error ?? status.error ?? download.error;
  return (
    <Modal show onHide={onHide} size="lg">
      <Modal.Header closeButton>
        <Modal.Title>Batch Purchase</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!batchId ? (
          <>
            {unshipped.length === 0 && <p>No unshipped orders on this page.</p>}
            {unshipped.map((o) => (
              <Form.Check key={o.orderId} id={`batch-${o.orderId}`} label={`${o.orderNumber} · ${o.customerName}`} checked={chosen.has(o.orderId)} onChange={() => toggle(o.orderId)} />
            ))}
            <Form.Select aria-label="Service" className="my-2" value={service} onChange={(e) => { setService(e.target.value as Service); quote.reset(); }}>
              {SERVICES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Form.Select>
            <ParcelFields value={parcel} onChange={(p) => { setParcel(p); quote.reset(); }} />
            {quote.data && <p data-testid="batch-total">Total for {quote.data.lines.length} labels: <strong>{dollars(quote.data.totalCents)}</strong></p>}
          </>
        ) : (
          <>
            <ProgressBar now={s ? ((s.bought + s.failed) / s.orderCount) * 100 : 0} className="mb-2" label={s ? `${s.bought + s.failed} of ${s.orderCount}` : ''} />
            {s && (
              <p data-testid="batch-result">
                {s.bought} bought, {s.failed} failed, {dollars(s.spentCents)} spent{s.done ? '.' : '...'}
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
          <Button onClick={() => quote.mutate()} disabled={chosen.size === 0 || quote.isPending}>
            See Total
          </Button>
        )}
        {!batchId && quote.data && (
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            Buy {quote.data.lines.length} Labels
          </Button>
        )}
        {s?.done && s.bought > 0 && (
          <Button onClick={() => download.mutate()} disabled={download.isPending}>
            Download All Labels
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
