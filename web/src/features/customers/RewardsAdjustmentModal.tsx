import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { ApiError } from '../../lib/api';
import { type Customer, useAdjustRewards } from './api';
import { nameOf } from '../../lib/format';

/** The server's words for the same rule (spec section 5: rewards balance not below 0). */
const BELOW_ZERO = 'The rewards balance cannot go below 0.';

/** Rewards Balance Adjustment (spec section 2): add points, or take some away with a minus sign. */
export function RewardsAdjustmentModal({ customer, onHide, onSaved }: { customer: Customer; onHide: () => void; onSaved: (balance: number) => void }) {
  const adjust = useAdjustRewards();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const value = Number(amount);
  const after = Number.isInteger(value) ? customer.rewardBalance + value : undefined;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (amount.trim() === '' || !Number.isInteger(value) || value === 0) return setInvalid('Enter a whole number of points, for example 5 or -5.');
    if (customer.rewardBalance + value < 0) return setInvalid(BELOW_ZERO);
    setInvalid(undefined);
    try {
      const { rewardBalance } = await adjust.mutateAsync({ customerID: customer.customerID, amount: value });
      onSaved(rewardBalance);
    } catch (err) {
      if (err instanceof ApiError && err.errors.amount) setInvalid(err.errors.amount);
    }
  };
  const failed = adjust.error && !(adjust.error instanceof ApiError && adjust.error.errors.amount);

  return (
    <Modal show onHide={onHide} aria-labelledby="rewards-title">
      <Form noValidate onSubmit={save}>
        <Modal.Header closeButton>
          <Modal.Title id="rewards-title">Rewards Balance Adjustment</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failed && <Alert variant="danger">{errorMessage(adjust.error)}</Alert>}
          <p className="mb-2">
            {nameOf(customer)} has <strong data-testid="current-points">{customer.rewardBalance}</strong> points.
          </p>
          <Form.Group controlId="rewards-amount">
            <Form.Label>Points to add (use a minus sign to take away)</Form.Label>
            <Form.Control type="number" step={1} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} isInvalid={!!invalid} />
            <Form.Control.Feedback type="invalid">{invalid}</Form.Control.Feedback>
            {after !== undefined && amount.trim() !== '' && after >= 0 && <Form.Text>New balance: {after} points</Form.Text>}
          </Form.Group>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={adjust.isPending}>
          Save Adjustment
        </ModalActions>
      </Form>
    </Modal>
  );
}
