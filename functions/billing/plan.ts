import type { z } from 'zod';
import { MESSAGES } from '../../shared/api/messages.js';
import { planOrNone } from '../../shared/domain/plans.js';
import { METHOD_REQUIRED, ONLY_CREDIT, type payBody, type upgradeBody } from '../../shared/schemas/billing.js';
import { saveBillingChoices } from '../data/billing-records.js';
import { getBilling } from '../data/payments.js';
import { markOnboardingStep } from '../data/seller-onboarding.js';
import type { SellerProfile } from '../data/sellers.js';
import { applyPlan, schedulePlan } from '../data/subscription.js';
import { InvalidInput, PaymentFailed } from '../domain/errors.js';
import { chargeDescription, periodPriceCents, planChange, type Subscription } from '../domain/plan-change.js';
import { recruitCharged } from '../marketing/ambassadors.js';
import { paymentGateway } from '../payments/gateway.js';

/**
 * Moves the seller to `next`: charged and applied now, or scheduled for the next charge (downgrades).
 * `starting` charges even when the plan stays (a seller's first payment method starts the plan).
 */
async function changePlan(seller: SellerProfile, next: Subscription, starting: boolean) {
  const plan = planOrNone(seller.package);
  // No plan yet: whatever is chosen starts now, charged (spec section 4's Start Plan).
  const current = plan ? { plan, annual: seller.annual } : undefined;
  const change = current ? planChange(current, next) : 'now';
  if (change === 'atNextCharge' && !starting) {
    await schedulePlan(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: current!.plan, pendingPlan: next.plan, message: MESSAGES.planChangePending };
  }
  if (change === 'none' && !starting) {
    await applyPlan(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: next.plan };
  }
  const charged = await paymentGateway().chargeSaved({
    sellerId: seller.sellerId,
    amountCents: periodPriceCents(next),
    description: chargeDescription(next),
    // The profile's version: a repeated request for the same change is one charge; after it, a new change is new.
    idempotencyKey: `plan:${next.plan}:${next.annual ? 'annual' : 'monthly'}:${seller.updatedAt}`,
    plan: next.plan,
  });
  if (!charged.ok) throw new PaymentFailed(charged.reason);
  await applyPlan(seller.sellerId, next.plan, next.annual);
  // A recruit's first paid month makes it a paid recruit of its ambassador (issue 15).
  await recruitCharged(seller.sellerId, next.plan, next.annual);
  return { success: true, plan: next.plan };
}

/** Spec section 3, upgrade: without a saved method the seller is sent to the billing form first. */
export async function upgradePlan(seller: SellerProfile, input: z.output<typeof upgradeBody>) {
  const billing = await getBilling(seller.sellerId);
  if (!billing?.methodRef) return { success: false, redirect: `/payment?package=${input.plan}` };
  return changePlan(seller, { plan: input.plan, annual: input.annual }, false);
}

/** The token becomes the seller's saved method; without one, the saved method stays (there must be one). */
async function savedMethod(seller: SellerProfile, token: string | undefined, zip: string | undefined, hadMethod: boolean) {
  if (!token || !zip) {
    if (!hadMethod) throw new InvalidInput({ method: METHOD_REQUIRED });
    return undefined;
  }
  const saved = await paymentGateway().saveMethod({ sellerId: seller.sellerId, token, zip, cardOnly: seller.achDisabled });
  if (!saved.ok && saved.reason === 'cardOnly') throw new InvalidInput({ method: ONLY_CREDIT });
  if (!saved.ok) throw new PaymentFailed(saved.reason);
  return saved.method;
}

/** Spec section 4, billing save: the token becomes the saved method, then the plan is started or changed. */
export async function saveBilling(seller: SellerProfile, input: z.output<typeof payBody>) {
  const hadMethod = !!(await getBilling(seller.sellerId))?.methodRef;
  const method = await savedMethod(seller, input.token, input.zip, hadMethod);
  await saveBillingChoices(seller.sellerId, {
    ...(input.autoRechargeAmount !== undefined ? { autoRechargeAmount: input.autoRechargeAmount } : {}),
    ...(input.keepCancellation ? {} : { cancellationPending: false }),
  });
  const result = await changePlan(seller, { plan: input.plan, annual: input.annual }, !hadMethod);
  await markOnboardingStep(seller.sellerId, 'billing');
  return method ? { ...result, method } : result;
}
