import { type Plan, type PlanPrices, periodPriceCents as priceOf, planRank } from '../../shared/domain/plans.js';

export interface Subscription {
  plan: Plan;
  annual: boolean;
}

/**
 * What choosing `next` means for a seller on `current` (spec section 4): a higher plan, or monthly to annual,
 * is charged and applied now; a lower plan, or annual to monthly, waits for the next charge; the same plan and
 * period changes nothing.
 */
export type PlanChange = 'none' | 'now' | 'atNextCharge';

export function planChange(current: Subscription, next: Subscription): PlanChange {
  const rank = planRank(next.plan) - planRank(current.plan);
  if (rank > 0) return 'now';
  if (rank < 0) return 'atNextCharge';
  if (next.annual === current.annual) return 'none';
  return next.annual ? 'now' : 'atNextCharge';
}

/** One billing period's price in cents at `prices` (the configured ones): the monthly price, or twelve months at the annual rate. */
export function periodPriceCents({ plan, annual }: Subscription, prices: PlanPrices): number {
  return priceOf(prices, plan, annual);
}

export function chargeDescription({ plan, annual }: Subscription): string {
  return `${plan[0]!.toUpperCase()}${plan.slice(1)} plan, ${annual ? 'annual' : 'monthly'}`;
}
