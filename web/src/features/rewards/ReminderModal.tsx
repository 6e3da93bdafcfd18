import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { rewardsRoutes } from '../../../../shared/api/routes/rewards';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { type RewardCustomerRow, useSendReminder } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const schema = routeIn(rewardsRoutes, 'rewards.sendReminderEmail').body;

/** The reminder email modal (spec section 2): the seller's message to one customer about the reward waiting for them. */
export function ReminderModal({
  customer,
  rewardText,
  onHide,
  onSent,
}: {
  customer: RewardCustomerRow;
  rewardText: string;
  onHide: () => void;
  onSent: (message: string) => void;
}) {
  const send = useSendReminder();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      customerID: customer.customerID,
      message: `You have a reward waiting for you: ${rewardText || 'a gift'}! Let me know when you would like to redeem it.`,
    },
  });
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      onSent((await send.mutateAsync(body)).message);
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });
  const invalid = formState.errors.message?.message;
  return (
    <Modal show onHide={onHide} aria-labelledby="reminder-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="reminder-title">Reminder Email</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <p className="mb-2 text-break">
            To <strong>{customer.name}</strong> ({customer.email})
          </p>
          <Form.Group controlId="reminder-message">
            <Form.Label>Message</Form.Label>
            <Form.Control as="textarea" rows={5} {...invalidProps('reminder-message', invalid)} {...register('message')} />
            <FieldFeedback fieldId="reminder-message" problem={invalid} />
          </Form.Group>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={send.isPending}>
          Send Email
        </ModalActions>
      </Form>
    </Modal>
  );
}
