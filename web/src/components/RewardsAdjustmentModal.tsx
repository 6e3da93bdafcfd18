import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert } from './Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { MESSAGES } from '../../../shared/api/messages';
import { noun, plural } from '../../../shared/domain/format';
import { routeIn } from '../../../shared/api/routes/define';
import { rewardsRoutes } from '../../../shared/api/routes/rewards';
import { ApiError, api } from '../lib/api';
import { setServerErrors } from '../lib/form';
import { errorMessage } from './ErrorAlert';
import { ModalActions } from './ModalActions';
import { FieldFeedback, invalidProps } from './FieldFeedback';

const WHOLE_NUMBER = 'Enter a whole number of points, for example 5 or -5.';

/** The points as typed, read by the server's own body schema; the balance it would leave is checked first (spec section 5: not below 0). */
function adjustmentForm(balance: number) {
  return z
    .object({
      customerID: z.string(),
      amount: z
        .string()
        .trim()
        .refine((text) => text !== '' && Number.isInteger(Number(text)) && Number(text) !== 0, WHOLE_NUMBER)
        .transform(Number)
        .refine((points) => balance + points >= 0, MESSAGES.rewardsBelowZero),
    })
    .pipe(routeIn(rewardsRoutes, 'rewards.createRewardsAdjustment').body);
}

/** Whose points are adjusted: /customers and /rewards each pass their own row. */
export interface PointsHolder {
  customerID: string;
  name: string;
  balance: number;
}

/**
 * Rewards Balance Adjustment (spec section 2): add points, or take some away with a minus sign. Shared by /customers
 * and /rewards; `onSaved` gets the new balance, and the caller refreshes what shows it.
 */
export function RewardsAdjustmentModal({ customer, onHide, onSaved }: { customer: PointsHolder; onHide: () => void; onSaved: (balance: number) => void }) {
  // One key for this adjustment: a second click or a resend of it adds its points once.
  const [requestKey] = useState(() => crypto.randomUUID());
  const adjust = useMutation({ mutationFn: (body: { customerID: string; amount: number }) => api('rewards.createRewardsAdjustment', { body: { ...body, requestKey } }) });
  const schema = adjustmentForm(customer.balance);
  const { register, handleSubmit, formState, setError, watch } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { customerID: customer.customerID, amount: '' },
  });
  const amount = watch('amount');
  const value = Number(amount);
  const after = Number.isInteger(value) ? customer.balance + value : undefined;
  const invalid = formState.errors.amount?.message;

  const save = handleSubmit((body) =>
    adjust.mutate(body, {
      onSuccess: ({ rewardBalance }) => onSaved(rewardBalance),
      onError: (err) => setServerErrors(err, setError),
    }),
  );
  const failed = adjust.error && !(adjust.error instanceof ApiError && adjust.error.errors.amount);

  return (
    <Modal show onHide={onHide} aria-labelledby="rewards-title">
      <Form noValidate onSubmit={save}>
        <Modal.Header closeButton>
          <Modal.Title id="rewards-title">Rewards Balance Adjustment</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failed && errorMessage(adjust.error) && <Alert variant="danger">{errorMessage(adjust.error)}</Alert>}
          <p className="mb-2">
            {customer.name} has <strong data-testid="current-points">{customer.balance}</strong> {noun(customer.balance, 'point')}.
          </p>
          <Form.Group controlId="rewards-amount">
            <Form.Label>Points to add (use a minus sign to take away)</Form.Label>
            <Form.Control type="number" step={1} inputMode="numeric" {...invalidProps('rewards-amount', invalid)} {...register('amount')} />
            <FieldFeedback fieldId="rewards-amount" problem={invalid} />
            {after !== undefined && amount.trim() !== '' && after >= 0 && <Form.Text>New balance: {plural(after, 'point')}</Form.Text>}
          </Form.Group>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={adjust.isPending}>
          Save Adjustment
        </ModalActions>
      </Form>
    </Modal>
  );
}
