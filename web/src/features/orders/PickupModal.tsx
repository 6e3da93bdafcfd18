import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { pickupBody } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { useRequestPickup } from './api';

const LOCATIONS = pickupBody.shape.location.options;
const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Request USPS Pickup: date, where the packages wait, how many; answers a confirmation number. */
export function PickupModal({ onHide }: { onHide: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof pickupBody>, unknown, z.output<typeof pickupBody>>({
    resolver: zodResolver(pickupBody),
    defaultValues: { date: tomorrow(), location: 'Front Door', packageCount: 1 },
  });
  const errors = formState.errors;
  const pickup = useRequestPickup();
  const submit = handleSubmit((body) => pickup.mutate(body, { onError: (err) => setServerErrors(err, setError) }));
  return (
    <Modal show onHide={onHide}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title>Request USPS Pickup</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="pickup-date" className="mb-2">
            <Form.Label>Pickup date</Form.Label>
            <Form.Control type="date" min={tomorrow()} isInvalid={!!errors.date} {...register('date')} />
            <Form.Control.Feedback type="invalid">{errors.date?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="pickup-location" className="mb-2">
            <Form.Label>Package location</Form.Label>
            <Form.Select isInvalid={!!errors.location} {...register('location')}>
              {LOCATIONS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.location?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="pickup-count" className="mb-2">
            <Form.Label>Number of packages</Form.Label>
            <Form.Control type="number" min={1} isInvalid={!!errors.packageCount} {...register('packageCount', { valueAsNumber: true })} />
            <Form.Control.Feedback type="invalid">{errors.packageCount?.message}</Form.Control.Feedback>
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
