import { zodResolver } from '@hookform/resolvers/zod';
import { forwardRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { helpRoutes } from '../../../../shared/api/routes/help';
import { errorMessage } from '../../components/ErrorAlert';
import { setServerErrors } from '../../lib/form';
import { useSendTicket } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const schema = routeIn(helpRoutes, 'help.ticket').body;
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** A new form's values: a fresh request id, so this form files one ticket however often it is sent. */
const fresh = (): Input => ({ requestId: crypto.randomUUID(), subject: '', message: '' });

/** The email ticket, on every plan: stored, and confirmed by email at once. */
export const TicketForm = forwardRef<HTMLInputElement>(function TicketForm(_props, subjectRef) {
  const send = useSendTicket();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState, setError, reset } = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: fresh() });
  const subject = register('subject');
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    setDone(undefined);
    try {
      setDone((await send.mutateAsync(body)).message);
      reset(fresh());
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });
  return (
    <Form noValidate onSubmit={submit} data-testid="ticket-form">
      <Form.Group controlId="ticket-subject" className="mb-2">
        <Form.Label>Subject</Form.Label>
        <Form.Control
          {...subject}
          ref={(el: HTMLInputElement | null) => {
            subject.ref(el);
            if (typeof subjectRef === 'function') subjectRef(el);
            else if (subjectRef) subjectRef.current = el;
          }}
          maxLength={200}
          {...invalidProps('ticket-subject', formState.errors.subject)}
        />
        <FieldFeedback fieldId="ticket-subject" problem={formState.errors.subject} />
      </Form.Group>
      <Form.Group controlId="ticket-message" className="mb-2">
        <Form.Label>Message</Form.Label>
        <Form.Control as="textarea" rows={4} {...register('message')} maxLength={10_000} {...invalidProps('ticket-message', formState.errors.message)} />
        <FieldFeedback fieldId="ticket-message" problem={formState.errors.message} />
      </Form.Group>
      {done && (
        <Alert variant="success" data-testid="ticket-received">
          {done}
        </Alert>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Button type="submit" disabled={send.isPending}>
        {send.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Send Ticket
      </Button>
    </Form>
  );
});
