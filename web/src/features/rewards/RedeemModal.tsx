import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import { errorMessage, shownError } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { type RewardCustomerRow, useRedeem } from './api';

/**
 * Redeem, confirmed first (spec section 4: one goal comes off the balance and the reward is recorded). The request
 * key is made once when the dialog opens, so a double click or a retry of this confirmation redeems once.
 */
export function RedeemModal({
  customer,
  rewardText,
  onHide,
  onRedeemed,
}: {
  customer: RewardCustomerRow;
  rewardText: string;
  onHide: () => void;
  onRedeemed: (message: string) => void;
}) {
  const [requestKey] = useState(() => crypto.randomUUID());
  const redeem = useRedeem();
  const run = () =>
    redeem.mutate(
      { customerID: customer.customerID, requestKey },
      { onSuccess: () => onRedeemed(`${customer.name} redeemed ${rewardText || 'a reward'}.`) },
    );
  return (
    <Modal show onHide={onHide} aria-labelledby="redeem-title">
      <Modal.Header closeButton>
        <Modal.Title id="redeem-title">Redeem Reward</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {shownError(redeem.error) && <Alert variant="danger">{errorMessage(redeem.error)}</Alert>}
        <p className="mb-0">
          Redeem <strong>{rewardText || 'a reward'}</strong> for <strong>{customer.name}</strong>? One goal comes off their points.
        </p>
      </Modal.Body>
      <ModalActions onCancel={onHide} busy={redeem.isPending} onAction={run}>
        Redeem
      </ModalActions>
    </Modal>
  );
}
