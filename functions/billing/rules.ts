import { planOf } from '../../shared/domain/plans.js';
import { config } from '../config.js';
import { getIntegration } from '../data/integrations.js';
import type { getBilling } from '../data/payments.js';
import type { Subscription } from '../domain/plan-change.js';

export type Billing = Awaited<ReturnType<typeof getBilling>>;

/** The seller has paid for the plan and period they are on (a subscription charge for it succeeded). */
export function paidFor(billing: Billing, current: Subscription): boolean {
  return !!billing?.paidPlan && planOf(billing.paidPlan) === current.plan && (billing.paidAnnual ?? false) === current.annual;
}

/**
 * Spec section 5: a bank must be linked (Plaid), not typed in, with Stripe or for a seller on Shopify. The billing
 * form asks for it and POST /payment refuses a typed-in bank.
 */
export async function linkedBankRequired(sellerId: string): Promise<boolean> {
  if (config.PAYMENT_PROCESSOR === 'stripe') return true;
  return (await getIntegration(sellerId, 'shopify'))?.connected ?? false;
}

