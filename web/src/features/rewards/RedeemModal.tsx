import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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
    <ConfirmDialog title="Redeem Reward" action="Redeem" variant="primary" busy={redeem.isPending} error={redeem.error} onHide={onHide} onConfirm={run}>
      <p className="mb-0">
        Redeem <strong>{rewardText || 'a reward'}</strong> for <strong>{customer.name}</strong>? One goal comes off their points.
      </p>
    </ConfirmDialog>
  );
}
