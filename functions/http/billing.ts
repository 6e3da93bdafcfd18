import { DEFAULT_PRICES, planOf } from '../../shared/domain/plans.js';
import { METHOD_REQUIRED, ONLY_CREDIT } from '../../shared/schemas/billing.js';
import { config } from '../config.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { billingEntity, getBilling, listCharges } from '../data/payments.js';
import { applyPlan, schedulePlan } from '../data/subscription.js';
import type { SellerProfile } from '../data/sellers.js';
import { chargeDescription, periodPriceCents, planChange, type Subscription } from '../domain/plan-change.js';
import { paymentGateway } from '../payments/gateway.js';
import { createLinkToken } from '../payments/plaid-sandbox.js';
import { logger } from '../observability.js';
import { InvalidInput, PaymentFailed } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

const PENDING_MESSAGE = 'Your plan changes at your next charge.';

function trialActive(seller: SellerProfile): boolean {
  return !!seller.trialEndsAt && Date.parse(seller.trialEndsAt) > Date.now();
}

/** Spec section 3, upgrade info. Prices are the defaults of section 9 until the server is given others. */
const getUpgradeInfo: Action<RouteOf<'billing.getUpgradeInfo'>> = async ({ seller }) => ({
  success: true,
  annualSubscription: seller.annual,
  starterPrice: DEFAULT_PRICES.starter.monthly,
  growthPrice: DEFAULT_PRICES.growth.monthly,
  executivePrice: DEFAULT_PRICES.executive.monthly,
  annualStarterPrice: DEFAULT_PRICES.starter.annual,
  annualGrowthPrice: DEFAULT_PRICES.growth.annual,
  annualExecutivePrice: DEFAULT_PRICES.executive.annual,
  currentPlan: planOf(seller.package),
  showAnnual: true,
  trialActive: trialActive(seller),
});

/**
 * Moves the seller to `next`: charged and applied now, or scheduled for the next charge (downgrades).
 * `starting` charges even when the plan stays (a seller's first payment method starts the plan).
 */
async function changePlan(seller: SellerProfile, next: Subscription, starting: boolean) {
  const current = { plan: planOf(seller.package), annual: seller.annual };
  const change = planChange(current, next);
  if (change === 'atNextCharge' && !starting) {
    await schedulePlan(seller.sellerId, next.plan, next.annual);
    return { success: true, plan: current.plan, pendingPlan: next.plan, message: PENDING_MESSAGE };
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
  });
  if (!charged.ok) throw new PaymentFailed(charged.reason);
  await applyPlan(seller.sellerId, next.plan, next.annual);
  return { success: true, plan: next.plan };
}

const upgrade: Action<RouteOf<'billing.upgrade'>> = async ({ seller, body }) => {
  const billing = await getBilling(seller.sellerId);
  if (!billing?.methodRef) return { success: false, redirect: `/payment?package=${body.plan}` };
  return changePlan(seller, { plan: body.plan, annual: body.annual }, false);
};

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
const pay: Action<RouteOf<'billing.pay'>> = async ({ seller, body }) => {
  const hadMethod = !!(await getBilling(seller.sellerId))?.methodRef;
  const method = await savedMethod(seller, body.token, body.zip, hadMethod);
  await billingEntity
    .upsert({
      sellerId: seller.sellerId,
      ...(body.autoRechargeAmount !== undefined ? { autoRechargeAmount: body.autoRechargeAmount } : {}),
      ...(body.keepCancellation ? {} : { cancellationPending: false }),
    })
    .go();
  const result = await changePlan(seller, { plan: body.plan, annual: body.annual }, !hadMethod);
  return method ? { ...result, method } : result;
};

/** What the billing form shows and asks (spec sections 4-6): the saved method, waiting changes, who may use a bank. */
const billingInfo: Action<RouteOf<'billing.info'>> = async ({ seller }) => {
  const billing = await getBilling(seller.sellerId);
  const method = billing?.methodRef
    ? {
        kind: billing.methodKind ?? 'card',
        brand: billing.brand,
        last4: billing.last4,
        expMonth: billing.expMonth,
        expYear: billing.expYear,
        bankName: billing.bankName,
      }
    : undefined;
  return {
    success: true,
    plan: planOf(seller.package),
    annual: seller.annual,
    pendingPlan: billing?.pendingPlan ? planOf(billing.pendingPlan) : undefined,
    pendingAnnual: billing?.pendingAnnual,
    cancellationPending: billing?.cancellationPending ?? false,
    method,
    autoRechargeAmount: billing?.autoRechargeAmount,
    achDisabled: seller.achDisabled ?? false,
    socialLogin: seller.socialLogin ?? false,
    paymentProcessor: config.PAYMENT_PROCESSOR,
    // With Stripe a bank is linked through Plaid, never typed in (spec section 5).
    requiresLinkedBank: config.PAYMENT_PROCESSOR === 'stripe',
  };
};

const paymentHistory: Action<RouteOf<'billing.paymentHistory'>> = async ({ seller, query }) => {
  const { data, cursor } = await listCharges(seller.sellerId, query.cursor);
  return {
    charges: data.map((c) => ({
      id: c.idempotencyKey,
      date: c.createdAt,
      description: c.description,
      amountCents: c.amountCents,
      feeCents: c.feeCents,
      status: c.status,
      card: c.last4 ? `${c.brand ?? 'Card'} ending ${c.last4}` : undefined,
      message: c.message,
    })),
    cursor,
  };
};

const getPlaidLinkToken: Action<RouteOf<'billing.getPlaidLinkToken'>> = async () => {
  const { link_token, expiration } = createLinkToken();
  return { success: true, linkToken: link_token, expiration };
};

/** Plaid Link's errors in the browser, kept for support; only their names and codes, nothing of the account. */
const plaidJsException: Action<RouteOf<'billing.plaidJsException'>> = async ({ body }) => {
  const err = (body.err ?? {}) as Record<string, unknown>;
  const meta = (body.metadata ?? {}) as Record<string, unknown>;
  logger.warn('Plaid Link error', {
    errorCode: String(err.error_code ?? err.code ?? 'unknown').slice(0, 100),
    errorType: String(err.error_type ?? '').slice(0, 100),
    linkSessionId: String(meta.link_session_id ?? '').slice(0, 100),
    status: String(meta.status ?? '').slice(0, 100),
  });
  return { success: true };
};

export const handler = httpHandler('billing', {
  'billing.getPlaidLinkToken': getPlaidLinkToken,
  'billing.plaidJsException': plaidJsException,
  'billing.getUpgradeInfo': getUpgradeInfo,
  'billing.upgrade': upgrade,
  'billing.pay': pay,
  'billing.paymentHistory': paymentHistory,
  'billing.info': billingInfo,
});
