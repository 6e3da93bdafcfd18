import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { formatMoney, orNA } from '../../../../shared/domain/format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { api } from '../../lib/api';
import { showDate } from '../customers/format';
import { DeliveryClaim } from './DeliveryClaim';
import { dollars, downloadPdf, labelSchema, type Order, ratesSchema } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';

/** Order Details: items, ship-to, and the label: quote, buy (one key per purchase, so a retry never buys twice), download, void. */
export function OrderDetailsModal({ order, fromZip, onHide }: { order: Order; fromZip?: string; onHide: () => void }) {
  const client = useQueryClient();
  const [parcel, setParcel] = useState({ ...DEFAULT_PARCEL, weightOz: order.weightOz ?? DEFAULT_PARCEL.weightOz });
  const [service, setService] = useState('');
  const [override, setOverride] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const [labelId, setLabelId] = useState(order.labelId ?? undefined);
  const refresh = () => client.invalidateQueries({ queryKey: ['orders'] }).then(() => client.invalidateQueries({ queryKey: ['shipping'] }));
  const quote = useMutation({
    mutationFn: () => api('shipping.quote', { body: { fromZip: fromZip ?? '', toZip: (order.shipTo?.zip ?? '').slice(0, 5), parcel } }, ratesSchema),
    onSuccess: (d) => setService(d.rates[0]?.service ?? ''),
  });
  const buy = useMutation({
    mutationFn: () =>
      api('shipping.buyLabel', { body: { orderId: order.orderId, service: service as never, parcel, idempotencyKey: key, overrideAddress: override } }, labelSchema),
    onSuccess: (l) => {
      setLabelId(l.labelId);
      void refresh();
    },
  });
  const voidLabel = useMutation({
    mutationFn: () => api('shipping.voidLabel', { body: { labelId: labelId! } }),
    onSuccess: () => {
      setLabelId(undefined);
      void refresh();
    },
  });
  const download = useMutation({ mutationFn: () => downloadPdf('shipping.label', labelId!, `label-${order.orderNumber}.pdf`) });
  const to = order.shipTo;
  const error = quote.error ?? buy.error ?? voidLabel.error ?? download.error;
  return (
    <Modal show onHide={onHide} size="lg">
      <Modal.Header closeButton>
        <Modal.Title>Order {order.orderNumber}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-1">
          <strong>{order.customerName}</strong> · {showDate(order.orderDate)} · <span className="text-capitalize">{order.status}</span>
        </p>
        <ul className="mb-2">
          {order.items.map((i) => (
            <li key={`${i.name}-${i.price}`}>
              {i.quantity} × {i.name} at {formatMoney(i.price)}
            </li>
          ))}
        </ul>
        <p className="mb-2">Total: {formatMoney(order.total)}</p>
        <p className="mb-3 small">
          Ship to: {to ? [to.name, to.address1, to.address2, `${orNA(to.city)}, ${orNA(to.state)} ${orNA(to.zip)}`].filter(Boolean).join(', ') : 'N/A'}
        </p>
        {labelId ? (
          <Alert variant="success" data-testid="label-bought">
            Label bought{buy.data ? `: ${buy.data.serviceName}, tracking ${buy.data.trackingNumber}, ${dollars(buy.data.amountCents)}` : order.trackingNumber ? `: tracking ${order.trackingNumber}` : ''}.
            <div className="mt-2 d-flex gap-2">
              <Button size="sm" onClick={() => download.mutate()} disabled={download.isPending}>
                Download Label
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => voidLabel.mutate()} disabled={voidLabel.isPending}>
                Void Label
              </Button>
            </div>
            <DeliveryClaim orderId={order.orderId} />
          </Alert>
        ) : (
          <>
            <h6>Buy a label</h6>
            <ParcelFields value={parcel} onChange={setParcel} />
            <Button variant="outline-primary" size="sm" className="mb-2" onClick={() => quote.mutate()} disabled={quote.isPending || !fromZip}>
              Get Rates
            </Button>
            {!fromZip && <div className="small text-danger">Add your return address in Settings before buying labels.</div>}
            {quote.data && (
              <Form.Select aria-label="Service" value={service} onChange={(e) => setService(e.target.value)} className="mb-2">
                {quote.data.rates.map((r) => (
                  <option key={r.service} value={r.service}>
                    {r.name}: {dollars(r.amountCents)} ({r.days} days)
                  </option>
                ))}
              </Form.Select>
            )}
            <Form.Check id="override-address" label="Ship to this address even if it does not validate" checked={override} onChange={(e) => setOverride(e.target.checked)} />
          </>
        )}
        {error && <ErrorAlert error={error} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
        {!labelId && (
          <Button onClick={() => buy.mutate()} disabled={!service || buy.isPending}>
            Buy Label
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
