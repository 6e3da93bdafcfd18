import { PLAN_LABELS, type Plan, type PlanPrices, periodPriceCents, planRank } from '../../../../shared/domain/plans';
import { AUTO_RECHARGE_OPTIONS, type BillingContext, DEFAULT_AUTO_RECHARGE, DESIGN_AUTO_RECHARGE_OPTIONS } from '../../../../shared/schemas/billing';

/** The billing form's three layouts (spec section 2): design (page or modal), plain settings, shipping. */
export type BillingLayout = 'design' | 'settings' | 'shipping';

/** The rules' context of a layout when its page names none (the design layout also serves signup and activate). */
export const LAYOUT_CONTEXT: Record<BillingLayout, BillingContext> = { design: 'payment', settings: 'settings', shipping: 'shipping' };

/** Auto-recharge amounts a layout offers besides 0 (spec section 9: the design layout omits six). */
export function rechargeOptions(layout: BillingLayout): readonly number[] {
  return layout === 'design' ? DESIGN_AUTO_RECHARGE_OPTIONS : AUTO_RECHARGE_OPTIONS;
}

/**
 * The amount the form starts with: the seller's saved one when the layout offers it, else the default $25.
 * The shipping layout is where postage is turned back on, so a saved 0 starts there at the default.
 */
export function initialRecharge(layout: BillingLayout, saved: number | undefined): number {
  if (saved === undefined) return DEFAULT_AUTO_RECHARGE;
  if (saved === 0) return layout === 'shipping' ? DEFAULT_AUTO_RECHARGE : 0;
  return rechargeOptions(layout).includes(saved) ? saved : DEFAULT_AUTO_RECHARGE;
}

export interface PendingChanges {
  cancellationPending: boolean;
  pendingPlan?: Plan | null;
  socialLogin: boolean;
}

/**
 * Spec sections 4 and 6: saving billing while a cancellation or a downgrade waits asks the seller first; the
 * save settles it (the plan saved is the one kept). Social-login accounts are not asked.
 * Returns what the confirmation says, or nothing when the save goes straight on.
 */
export function pendingChangeNotice(info: PendingChanges, plan: Plan): string | undefined {
  if (info.socialLogin) return undefined;
  if (info.cancellationPending) {
    return `Your plan is set to be cancelled. Saving this payment method keeps your ${PLAN_LABELS[plan]} plan active and withdraws the cancellation.`;
  }
  if (info.pendingPlan && info.pendingPlan !== plan) {
    return `Your plan is set to change to ${PLAN_LABELS[info.pendingPlan]} at your next charge. Saving with ${PLAN_LABELS[plan]} replaces that change.`;
  }
  return undefined;
}

export type MethodChoice = 'existing' | 'credit' | 'bank';

/**
 * The payment methods a seller may choose (spec sections 5 and 6): the saved one (`saved` describes it) when
 * there is one, a new card, and a bank account unless the account is ACH-disabled.
 */
export function methodChoices({ saved, achDisabled }: { saved?: string; achDisabled: boolean }): { value: MethodChoice; label: string }[] {
  return [
    ...(saved ? [{ value: 'existing' as const, label: `Use ${saved}` }] : []),
    { value: 'credit' as const, label: saved ? 'Use a new card' : 'Credit card' },
    ...(achDisabled ? [] : [{ value: 'bank' as const, label: saved ? 'Use a new bank account' : 'Bank account' }]),
  ];
}

/**
 * What "Pay and Start" charges today, in cents, as the server decides (functions/billing/plan.ts): a higher plan or
 * a new period is one whole period at its price; the plan and period already paid for are not offered again (null);
 * a lower plan than the one paid for waits for the next charge (0). Never prorated.
 */
export function chargeTodayCents(
  seller: { plan: Plan | null; annual: boolean; planPaid: boolean },
  next: { plan: Plan; annual: boolean },
  prices: PlanPrices,
): number | null {
  // No plan yet: the chosen one starts today, charged in full.
  if (!seller.plan) return periodPriceCents(prices, next.plan, next.annual);
  const rank = planRank(next.plan) - planRank(seller.plan);
  const samePeriod = next.annual === seller.annual;
  if (rank === 0 && samePeriod) return seller.planPaid ? null : periodPriceCents(prices, next.plan, next.annual);
  const lower = rank < 0 || (rank === 0 && !next.annual);
  if (lower && seller.planPaid) return 0;
  return periodPriceCents(prices, next.plan, next.annual);
}
