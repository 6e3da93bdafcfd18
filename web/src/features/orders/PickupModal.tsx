import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { z } from 'zod';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { api } from '../../lib/api';

const LOCATIONS = ['Front Door', 'Back Door', 'Side Door', 'Knock on Door/Ring Bell', 'Mail Room', 'Office', 'Reception', 'In/At Mailbox', 'Other'] as const;
const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Request USPS Pickup: date, where the packages wait, how many; answers a confirmation number. */
export function PickupModal({ onHide }: { onHide: () => void }) {
  const [date, setDate] = useState(tomorrow);
  const [location, setLocation] = useState<(typeof LOCATIONS)[number]>('Front Door');
  const [packageCount, setCount] = useState(1);
  const pickup = useMutation({
    mutationFn: () => api('shipping.requestPickup', { body: { date, location, packageCount } }, z.object({ confirmationNumber: z.string() })),
  });
  return (
    <Modal show onHide={onHide}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          pickup.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title>Request USPS Pickup</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="pickup-date" className="mb-2">
            <Form.Label>Pickup date</Form.Label>
            <Form.Control type="date" min={tomorrow()} value={date} onChange={(e) => setDate(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="pickup-location" className="mb-2">
            <Form.Label>Package location</Form.Label>
            <Form.Select value={location} onChange={(e) => setLocation(e.target.value as (typeof LOCATIONS)[number])}>
              {LOCATIONS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="pickup-count" className="mb-2">
            <Form.Label>Number of packages</Form.Label>
            <Form.Control type="number" min={1} value={packageCount} onChange={(e) => setCount(Number(e.target.value))} />
          </Form.Group>
          {pickup.error && <ErrorAlert error={pickup.error} />}
          {pickup.data && (
            <Alert variant="success" data-testid="pickup-confirmation">
              Pickup scheduled. Confirmation number: <strong>{pickup.data.confirmationNumber}</strong>
            </Alert>
          )}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={pickup.isPending} disabled={Boolean(pickup.data)}>
          Request Pickup
        </ModalActions>
      </Form>
    </Modal>
  );
}
