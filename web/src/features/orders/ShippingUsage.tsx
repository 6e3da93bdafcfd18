import { formatMoney } from '../../../../shared/domain/format';
import { PLAN_LABELS } from '../../../../shared/domain/plans';
import { useShippingUsage } from './api';

/** (Inline, in the orders screen's one line of figures.) The month's shipments against the plan's allowance, the overage so far and the plan's transaction fee (spec section 9). */
export function ShippingUsage() {
  const usage = useShippingUsage();
  if (!usage.data) return null;
  const u = usage.data;
  const plan = `${PLAN_LABELS[u.plan]} plan`;
  const allowance =
    u.included === null
      ? `Shipments this month: ${u.shipments} (unlimited on the ${plan}).`
      : `Shipments this month: ${u.shipments} of ${u.included} included on the ${plan}, then ${formatMoney(u.blockPriceCents / 100)} per ${u.blockSize}.`;
  const overage = u.extraBlocks > 0 ? ` Extra shipments so far: ${formatMoney(u.overageCents / 100)}.` : '';
  return (
    <span data-testid="shipping-usage">
      {allowance}
      {overage} Transaction fee: {u.transactionFeePercent}%.
    </span>
  );
}
