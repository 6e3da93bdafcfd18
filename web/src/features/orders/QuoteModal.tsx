import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { api } from '../../lib/api';
import { dollars, ratesSchema } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';

/** Shipping Quote: compare every service for a parcel, without an order. */
export function QuoteModal({ onHide }: { onHide: () => void }) {
  const [fromZip, setFromZip] = useState('');
  const [toZip, setToZip] = useState('');
  const [parcel, setParcel] = useState(DEFAULT_PARCEL);
  const quote = useMutation({ mutationFn: () => api('shipping.quote', { body: { fromZip, toZip, parcel } }, ratesSchema) });
  return (
    <Modal show onHide={onHide} size="lg">
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          quote.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title>Shipping Quote</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="d-flex gap-2 mb-2">
            <Form.Group controlId="quote-from">
              <Form.Label className="small">From ZIP</Form.Label>
              <Form.Control value={fromZip} onChange={(e) => setFromZip(e.target.value)} inputMode="numeric" />
            </Form.Group>
            <Form.Group controlId="quote-to">
              <Form.Label className="small">To ZIP</Form.Label>
              <Form.Control value={toZip} onChange={(e) => setToZip(e.target.value)} inputMode="numeric" />
            </Form.Group>
          </div>
          <ParcelFields value={parcel} onChange={setParcel} />
          {quote.error && <ErrorAlert error={quote.error} />}
          {quote.data && (
            <Table size="sm" data-testid="quote-rates">
              <thead>
                <tr>
                  <th>Service</th>
                  <th>Days</th>
                  <th className="text-end">Price</th>
                </tr>
              </thead>
              <tbody>
                {quote.data.rates.map((r) => (
                  <tr key={r.service}>
                    <td>{r.name}</td>
                    <td>{r.days}</td>
                    <td className="text-end">{dollars(r.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={quote.isPending}>
          Get Quote
        </ModalActions>
      </Form>
    </Modal>
  );
}
