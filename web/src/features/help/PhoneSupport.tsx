import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { helpRoutes } from '../../../../shared/api/routes/help';
import type { Plan } from '../../../../shared/domain/plans';
import { ErrorAlert, errorMessage } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { setServerErrors } from '../../lib/form';
import { openUpgradeDialog } from '../../lib/upgrade-required';
import { useBookPhoneMeeting, usePhoneSlots } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const schema = routeIn(helpRoutes, 'help.phoneMeeting').body;
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const slotLabel = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** Phone support (executive only): choose a time, leave a number, we call. Other plans get the Upgrade Required dialog. */
export function PhoneSupport({ plan }: { plan: Plan | undefined }) {
  const [choosing, setChoosing] = useState(false);
  const executive = plan === 'executive';
  const slots = usePhoneSlots(choosing && executive);
  const book = useBookPhoneMeeting();
  const [booked, setBooked] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, Output>({ resolver: zodResolver(schema) });

  if (!choosing)
    return (
      <>
        <p className="text-body-secondary">Book a call with a support specialist at a time that suits you. Included with the Executive plan.</p>
        <Button onClick={() => (executive ? setChoosing(true) : openUpgradeDialog({ requiredPlan: 'executive' }))}>Schedule a Call</Button>
      </>
    );
  if (booked)
    return (
      <Alert variant="success" data-testid="phone-booked">
        {booked}
      </Alert>
    );
  if (slots.error) return <ErrorAlert error={slots.error} onRetry={() => void slots.refetch()} />;
  if (!slots.data) return <Loading />;
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      const answer = await book.mutateAsync(body);
      setBooked(`${answer.message} (${slotLabel(answer.slot)})`);
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });
  return (
    <Form noValidate onSubmit={submit}>
      <Form.Group controlId="phone-slot" className="mb-2">
        <Form.Label>Time</Form.Label>
        <Form.Select {...register('slot')} {...invalidProps('phone-slot', formState.errors.slot)} defaultValue="">
          <option value="" disabled>
            Choose a time
          </option>
          {slots.data.slots.map((s) => (
            <option key={s} value={s}>
              {slotLabel(s)}
            </option>
          ))}
        </Form.Select>
        <FieldFeedback fieldId="phone-slot" problem={formState.errors.slot} />
      </Form.Group>
      <Form.Group controlId="phone-number" className="mb-2">
        <Form.Label>Phone number</Form.Label>
        <Form.Control type="tel" autoComplete="tel" {...register('phone')} maxLength={30} {...invalidProps('phone-number', formState.errors.phone)} />
        <FieldFeedback fieldId="phone-number" problem={formState.errors.phone} />
      </Form.Group>
      <Form.Group controlId="phone-topic" className="mb-2">
        <Form.Label>What would you like to talk about? (optional)</Form.Label>
        <Form.Control {...register('topic')} maxLength={500} />
      </Form.Group>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={book.isPending}>
          {book.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Book Call
        </Button>
        <Button variant="outline-secondary" onClick={() => setChoosing(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
