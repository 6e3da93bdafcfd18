import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { firstPickupDate, PICKUP_MAX_DAYS_AHEAD, PICKUP_MAX_PACKAGES, todayUtc } from '../../../../shared/domain/pickup';
import { pickupBody } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { showDate } from '../../lib/format';
import { plural } from '../../../../shared/domain/format';
import { useRequestPickup, useSellerInfo } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const LOCATIONS = pickupBody.shape.location.options;
const ADDRESS = [
  ['name', 'Name'],
  ['address1', 'Address'],
  ['address2', 'Apt, suite'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['phone', 'Phone'],
] as const;
type PickupInput = z.input<typeof pickupBody>;
type PickupAddress = NonNullable<PickupInput['address']>;

const lastDay = (today: string) => new Date(Date.parse(`${today}T00:00:00Z`) + PICKUP_MAX_DAYS_AHEAD * 24 * 3600 * 1000).toISOString().slice(0, 10);

/**
 * Request USPS Pickup: a day USPS serves (Monday to Saturday, no federal holiday, within the carrier's window), where
 * the packages wait, how many (the carrier's limit), and the pickup address (the return address, changeable). Sent
 * once: the button is off while sending and after the confirmation; the server books one pickup per date.
 */
export function PickupModal({ onHide }: { onHide: () => void }) {
  const info = useSellerInfo();
  if (info.isPending) return null;
  const r = info.data?.returnAddress;
  const address: PickupAddress = Object.fromEntries(ADDRESS.map(([key]) => [key, r?.[key] ?? ''])) as PickupAddress;
  return <PickupForm onHide={onHide} returnAddress={address} />;
}

function PickupForm({ onHide, returnAddress }: { onHide: () => void; returnAddress: PickupAddress }) {
  const today = todayUtc();
  const { register, handleSubmit, formState, setError, watch } = useForm<PickupInput, unknown, z.output<typeof pickupBody>>({
    resolver: zodResolver(pickupBody),
    mode: 'onChange',
    defaultValues: { date: firstPickupDate(today), location: 'Front Door', packageCount: 1, address: returnAddress },
  });
  const errors = formState.errors;
  const pickup = useRequestPickup();
  const [changingAddress, setChangingAddress] = useState(!returnAddress.address1);
  // handleSubmit validates before it calls mutate: a second click in that moment must not send a second request.
  const sending = useRef(false);
  const asked = useRef<z.output<typeof pickupBody>>(undefined);
  const submit = handleSubmit((body) => {
    if (sending.current) return;
    sending.current = true;
    asked.current = body;
    pickup.mutate(body, {
      onError: (err) => setServerErrors(err, setError),
      onSettled: () => {
        sending.current = false;
      },
    });
  });
  const shown = watch('address');
  const addressErrors = errors.address;
  return (
    <Modal show onHide={onHide} aria-labelledby="pickup-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="pickup-title">Request USPS Pickup</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="pickup-date" className="mb-2">
            <Form.Label>Pickup date</Form.Label>
            <Form.Control type="date" min={firstPickupDate(today)} max={lastDay(today)} {...invalidProps('pickup-date', errors.date)} {...register('date')} />
            <Form.Text>USPS picks up Monday to Saturday, not on federal holidays, up to {PICKUP_MAX_DAYS_AHEAD} days ahead.</Form.Text>
            <FieldFeedback fieldId="pickup-date" problem={errors.date} />
          </Form.Group>
          <Form.Group controlId="pickup-location" className="mb-2">
            <Form.Label>Package location</Form.Label>
            <Form.Select {...invalidProps('pickup-location', errors.location)} {...register('location')}>
              {LOCATIONS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </Form.Select>
            <FieldFeedback fieldId="pickup-location" problem={errors.location} />
          </Form.Group>
          <Form.Group controlId="pickup-count" className="mb-2">
            <Form.Label>Number of packages</Form.Label>
            <Form.Control type="number" min={1} max={PICKUP_MAX_PACKAGES} {...invalidProps('pickup-count', errors.packageCount)} {...register('packageCount', { valueAsNumber: true })} />
            <FieldFeedback fieldId="pickup-count" problem={errors.packageCount} />
          </Form.Group>
          <fieldset className="mb-2" data-testid="pickup-address">
            <legend className="fs-6 mb-1">Pickup address</legend>
            {changingAddress || addressErrors ? (
              <Row xs={1} sm={2} className="g-2">
                {ADDRESS.map(([key, label]) => (
                  <Col key={key}>
                    <Form.Group controlId={`pickup-${key}`}>
                      <Form.Label className="small">{label}</Form.Label>
                      <Form.Control {...invalidProps(`pickup-${key}`, addressErrors?.[key])} {...register(`address.${key}`)} />
                      <FieldFeedback fieldId={`pickup-${key}`} problem={addressErrors?.[key]} />
                    </Form.Group>
                  </Col>
                ))}
              </Row>
            ) : (
              <p className="mb-0">
                {[shown?.name, shown?.address1, shown?.address2, `${shown?.city ?? ''}, ${shown?.state ?? ''} ${shown?.zip ?? ''}`].filter(Boolean).join(', ')}{' '}
                <Button variant="link" size="sm" className="p-0 align-baseline" onClick={() => setChangingAddress(true)}>
                  Change
                </Button>
              </p>
            )}
          </fieldset>
          {pickup.error && <ErrorAlert error={pickup.error} />}
          {pickup.data && <PickupBooked booked={pickup.data} asked={asked.current} />}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={pickup.isPending || formState.isSubmitting} disabled={Boolean(pickup.data)}>
          Request Pickup
        </ModalActions>
      </Form>
    </Modal>
  );
}

type Booked = { date: string; location: string; packageCount: number; confirmationNumber: string; replayed?: boolean };

/**
 * The booking as the carrier holds it. USPS keeps one pickup a day: asking again for a booked day answers the first
 * booking, so when the seller asked for another place or count this says what stands, not what was asked.
 */
function PickupBooked({ booked, asked }: { booked: Booked; asked: { location: string; packageCount: number } | undefined }) {
  const number = (
    <>
      Confirmation number: <strong>{booked.confirmationNumber}</strong>
    </>
  );
  if (!booked.replayed)
    return (
      <Alert variant="success" data-testid="pickup-confirmation">
        Pickup scheduled. {number}
      </Alert>
    );
  const changed = asked !== undefined && (asked.location !== booked.location || asked.packageCount !== booked.packageCount);
  return (
    <Alert variant={changed ? 'warning' : 'success'} data-testid="pickup-confirmation">
      This pickup was already scheduled for {showDate(booked.date)}: {plural(booked.packageCount, 'package')} at {booked.location}.{' '}
      {changed && 'Your changes were not made: USPS keeps one pickup a day. '}
      {number}
    </Alert>
  );
}
