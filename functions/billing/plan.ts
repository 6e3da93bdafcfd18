import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import { PLAN_LABELS, planOf, planOrNone } from '../../shared/domain/plans.js';
import { METHOD_REQUIRED, ONLY_CREDIT, type payBody, type upgradeBody } from '../../shared/schemas/billing.js';
import { saveBillingChoices } from '../data/billing-records.js';
import { getBilling } from '../data/payments.js';
import { markOnboardingStep } from '../data/seller-onboarding.js';
import type { SellerProfile } from '../data/sellers.js';
import { applyPlan, claimPlanChange, currentPlan, releasePlanChange, schedulePlan } from '../data/subscription.js';
import { Conflict, InvalidInput, PaymentFailed } from '../domain/errors.js';
import { chargeDescription, periodPriceCents, planChange, type Subscription } from '../domain/plan-change.js';
import { recruitCharged } from '../marketing/ambassadors.js';
import { paymentGateway } from '../payments/gateway.js';
import { type Billing, linkedBankRequired, paidFor } from './rules.js';
import { planPrices } from './prices.js';

/**
 * How long a plan change's claim holds against another change (claimPlanChange): past any charge and the call's
 * own timeout, so a request that died mid-charge blocks another plan for minutes, not for good.
 */
const PLAN_CHANGE_CLAIM_MS = 5 * 60_000;

/**
 * Moves the seller to `next` (spec section 4): a higher plan or monthly to annual is charged and applied now; a
 * lower one waits for the next charge. `createPaymentRequest` (POST /payment's "Pay and Start") asks for the plan's
 * charge even when the plan stays: it starts a plan not paid for yet, and is refused for the one already paid for.
 * Without it nothing is charged unless the plan goes up.
 */
async function changePlan(seller: SellerProfile, billing: Billing, next: Subscription, createPaymentRequest: boolean) {
  const plan = planOrNone(seller.package);
  // No plan yet: whatever is chosen starts now, charged (spec section 4's Start Plan).
  const current = plan ? { plan, annual: seller.annual } : undefined;
  const change = current ? planChange(current, next) : 'now';
  const paid = current ? paidFor(billing, current) : false;
  if (change === 'none' && createPaymentRequest && paid) throw new Conflict(MESSAGES.alreadyOnPlan(PLAN_LABELS[next.plan]));
  if (change === 'atNextCharge' && (paid || !createPaymentRequest)) {
    await schedulePlan(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: current!.plan, pendingPlan: next.plan, message: MESSAGES.planChangePending };
  }
  if (change === 'none' && !createPaymentRequest) {
    await applyPlan(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: next.plan };
  }
  const target = `${next.plan}:${next.annual ? 'annual' : 'monthly'}`;
  const claimed = await claimCharge(seller, current, next, target);
  if (claimed === 'made') return { success: true, plan: next.plan };
  try {
    const amountCents = periodPriceCents(next, planPrices());
    const charged = await paymentGateway().chargeSaved({
      sellerId: seller.sellerId,
      amountCents,
      description: chargeDescription(next),
      // The profile's version: a repeated request for the same change is one charge; after it, a new change is new.
      idempotencyKey: `plan:${target}:${claimed.version}`,
      plan: next.plan,
    });
    if (!charged.ok) throw new PaymentFailed(charged.reason, charged.declineCode);
    await applyPlan(seller.sellerId, next.plan, next.annual, true);
    // A recruit's first paid month makes it a paid recruit of its ambassador (issue 15).
    await recruitCharged(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: next.plan, chargedCents: amountCents };
  } finally {
    await releasePlanChange(seller.sellerId, target);
  }
}

/**
 * Claims the charge of the change to `target` (claimPlanChange): charged only from the profile it was decided on,
 * and one target at a time, so two changes sent at once (two tabs) are not both charged, each under its own key,
 * leaving either plan. Answers the profile version the charge is keyed by, or 'made' when the twin of a double click
 * made this very change meanwhile; a change made or being charged to another plan is refused (409).
 */
async function claimCharge(seller: SellerProfile, current: Subscription | undefined, next: Subscription, target: string): Promise<{ version: string } | 'made'> {
  let version = seller.updatedAt;
  for (let tries = 0; tries < 2; tries++) {
    const now = new Date();
    if (await claimPlanChange(seller.sellerId, version, target, now, new Date(now.getTime() + PLAN_CHANGE_CLAIM_MS))) return { version };
    const on = await currentPlan(seller.sellerId);
    const onPlan = on?.package ? { plan: planOf(on.package), annual: on.annual ?? false } : undefined;
    if (onPlan?.plan === next.plan && onPlan.annual === next.annual) return 'made';
    // The gate's read of the profile may be a moment old (eventually consistent): on the plan the change was decided
    // from, under a newer version, it is claimed again, once.
    const samePlan = current ? onPlan?.plan === current.plan && onPlan.annual === (current.annual ?? false) : !onPlan;
    if (!on?.updatedAt || on.updatedAt === version || !samePlan) break;
    version = on.updatedAt;
  }
  throw new Conflict(MESSAGES.generic);
}

/** Spec section 3, upgrade: without a saved method the seller is sent to the billing form first. */
export async function upgradePlan(seller: SellerProfile, input: z.output<typeof upgradeBody>) {
  const billing = await getBilling(seller.sellerId);
  if (!billing?.methodRef) return { success: false, redirect: `/payment?package=${input.plan}` };
  return changePlan(seller, billing, { plan: input.plan, annual: input.annual }, false);
}

/** The token becomes the seller's saved method; without one, the saved method stays (there must be one). */
async function savedMethod(seller: SellerProfile, token: string | undefined, zip: string | undefined, hadMethod: boolean) {
  if (!token || !zip) {
    if (!hadMethod) throw new InvalidInput({ method: METHOD_REQUIRED });
    return undefined;
  }
  const saved = await paymentGateway().saveMethod({
    sellerId: seller.sellerId,
    token,
    zip,
    cardOnly: seller.achDisabled,
    bankMustBeLinked: await linkedBankRequired(seller.sellerId),
  });
  if (!saved.ok && saved.reason === 'cardOnly') throw new InvalidInput({ method: ONLY_CREDIT });
  if (!saved.ok && saved.reason === 'bankNotLinked') throw new InvalidInput({ bankLast4: MESSAGES.bankNotLinked });
  if (!saved.ok) throw new PaymentFailed(saved.reason, saved.declineCode);
  return saved.method;
}

/**
 * Spec section 4, billing save: the token becomes the saved method, then the plan is started or changed.
 * keepCancellation keeps a waiting cancellation (else the save withdraws it); createPaymentRequest pays for the plan.
 */
export async function saveBilling(seller: SellerProfile, input: z.output<typeof payBody>) {
  const before = await getBilling(seller.sellerId);
  const plan = planOrNone(seller.package);
  const current = plan ? { plan, annual: seller.annual } : undefined;
  // Refused before anything is saved: a repeated "Pay and Start" changes nothing.
  if (input.createPaymentRequest && current && planChange(current, input) === 'none' && paidFor(before, current)) {
    throw new Conflict(MESSAGES.alreadyOnPlan(PLAN_LABELS[input.plan]));
  }
  const method = await savedMethod(seller, input.token, input.zip, !!before?.methodRef);
  await saveBillingChoices(seller.sellerId, {
    ...(input.autoRechargeAmount !== undefined ? { autoRechargeAmount: input.autoRechargeAmount } : {}),
    ...(input.keepCancellation ? {} : { cancellationPending: false }),
  });
  const result = await changePlan(seller, before, { plan: input.plan, annual: input.annual }, input.createPaymentRequest);
  await markOnboardingStep(seller.sellerId, 'billing');
  return method ? { ...result, method } : result;
}
