import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PLAN_LABELS, PLANS } from '../../../../shared/domain/plans';
import { api } from '../../lib/api';
import { dollars } from './api';

const usageSchema = z.object({
  plan: z.enum(PLANS),
  shipments: z.number(),
  included: z.number().nullable(),
  extraBlocks: z.number(),
  overageCents: z.number(),
  blockSize: z.number(),
  blockPriceCents: z.number(),
  transactionFeePercent: z.number(),
});

/** The month's shipments against the plan's allowance, the overage so far and the plan's transaction fee (spec section 9). */
export function ShippingUsage() {
  const usage = useQuery({ queryKey: ['shipping', 'usage'], queryFn: ({ signal }) => api('shipping.usage', { signal }, usageSchema) });
  if (!usage.data) return null;
  const u = usage.data;
  const plan = `${PLAN_LABELS[u.plan]} plan`;
  const allowance =
    u.included === null
      ? `Shipments this month: ${u.shipments} (unlimited on the ${plan}).`
      : `Shipments this month: ${u.shipments} of ${u.included} included on the ${plan}, then ${dollars(u.blockPriceCents)} per ${u.blockSize}.`;
  const overage = u.extraBlocks > 0 ? ` Extra shipments so far: ${dollars(u.overageCents)}.` : '';
  return (
    <p className="small text-body-secondary" data-testid="shipping-usage">
      {allowance}
      {overage} Transaction fee: {u.transactionFeePercent}%.
    </p>
  );
}
