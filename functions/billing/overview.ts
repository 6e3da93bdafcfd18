import { DEFAULT_PRICES, planOf, planOrNone } from '../../shared/domain/plans.js';
import { config } from '../config.js';
import { getBilling, listCharges } from '../data/payments.js';
import type { SellerProfile } from '../data/sellers.js';
import { withDomainErrors } from '../services/data-failures.js';

function trialActive(seller: SellerProfile): boolean {
  return !!seller.trialEndsAt && Date.parse(seller.trialEndsAt) > Date.now();
}

/** Spec section 3, upgrade info. Prices are the defaults of section 9 until the server is given others. */
export function upgradeInfo(seller: SellerProfile) {
  return {
    success: true as const,
    annualSubscription: seller.annual,
    starterPrice: DEFAULT_PRICES.starter.monthly,
    growthPrice: DEFAULT_PRICES.growth.monthly,
    executivePrice: DEFAULT_PRICES.executive.monthly,
    annualStarterPrice: DEFAULT_PRICES.starter.annual,
    annualGrowthPrice: DEFAULT_PRICES.growth.annual,
    annualExecutivePrice: DEFAULT_PRICES.executive.annual,
    currentPlan: planOrNone(seller.package),
    showAnnual: true,
    trialActive: trialActive(seller),
  };
}

/** What the billing form shows and asks (spec sections 4-6): the saved method, waiting changes, who may use a bank. */
export async function billingInfo(seller: SellerProfile) {
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
    success: true as const,
    plan: planOrNone(seller.package),
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
}

/** The seller's charges, newest first, a page per call. */
export async function paymentHistory(sellerId: string, pageCursor: string | undefined) {
  const { data, cursor } = await withDomainErrors(() => listCharges(sellerId, pageCursor));
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
}
