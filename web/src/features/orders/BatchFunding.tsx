import { MESSAGES } from '../../../../shared/api/messages';
import type { BatchFunding as Funding } from '../../../../shared/domain/batch-funding';
import { formatMoney } from '../../../../shared/domain/format';
import { Alert } from '../../components/Alert';

const money = (cents: number) => formatMoney(cents / 100);

/** The card charge a batch needs before it starts (what the seller confirms; 0 when the balance covers it). */
export const chargeOf = (funding: Funding): number => (funding.kind === 'recharge' ? funding.chargeCents : 0);

/**
 * How a batch is paid for, in the breakdown and in the charge's confirmation: the balance, the batch's total, what
 * the balance lacks and the one card charge (whole auto-recharge amounts) with its payment fee; or why the batch
 * cannot be bought beyond the balance.
 */
export function BatchFunding({ funding, labels }: { funding: Funding; labels: number }) {
  switch (funding.kind) {
    case 'covered':
      return (
        <p className="small mb-0" data-testid="batch-funding">
          Paid from your postage balance of {money(funding.balanceCents)}; {money(funding.balanceCents - funding.totalCents)} will be left.
        </p>
      );
    case 'recharge': {
      const amounts = Math.round(funding.chargeCents / funding.autoRechargeCents);
      return (
        <Alert variant="info" data-testid="batch-funding">
          Your postage balance is {money(funding.balanceCents)}, {money(funding.shortfallCents)} short of this batch's {money(funding.totalCents)}. To
          cover it, <strong>{money(funding.chargeCents)}</strong> ({amounts} × your {money(funding.autoRechargeCents)} auto-recharge) will be charged to
          your card once, plus a {money(funding.feeCents)} payment fee, before any label is bought.
        </Alert>
      );
    }
    case 'refused':
      return (
        <Alert variant="warning" data-testid="batch-funding">
          {funding.reason === 'postageOff'
            ? MESSAGES.postageOff
            : MESSAGES.batchBeyondBalance(money(funding.balanceCents), String(funding.coveredLabels), String(labels))}
        </Alert>
      );
  }
}
