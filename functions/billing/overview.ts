import { planOf, planOrNone } from '../../shared/domain/plans.js';
import { config } from '../config.js';
import { getBilling, listCharges } from '../data/payments.js';
import type { SellerProfile } from '../data/sellers.js';
import { withDomainErrors } from '../services/data-failures.js';
import { linkedBankRequired, paidFor } from './rules.js';
import { planPrices } from './prices.js';

function trialActive(seller: SellerProfile): boolean {
  return !!seller.trialEndsAt && Date.parse(seller.trialEndsAt) > Date.now();
}

/** Spec section 3, upgrade info: the prices of section 9 and showAnnual as the server's configuration sets them. */
export function upgradeInfo(seller: SellerProfile) {
  const prices = planPrices();
  return {
    success: true as const,
    annualSubscription: seller.annual,
    starterPrice: prices.starter.monthly,
    growthPrice: prices.growth.monthly,
    executivePrice: prices.executive.monthly,
    annualStarterPrice: prices.starter.annual,
    annualGrowthPrice: prices.growth.annual,
    annualExecutivePrice: prices.executive.annual,
    currentPlan: planOrNone(seller.package),
    showAnnual: config.SHOW_ANNUAL,
    trialActive: trialActive(seller),
  };
}

/** The billing form's reads by the seller's id alone (the saved method, whether a bank must be linked). */
export async function billingReads(sellerId: string) {
  const [billing, linkedBank] = await Promise.all([getBilling(sellerId), linkedBankRequired(sellerId)]);
  return { billing, linkedBank };
}

/** What the billing form shows and asks (spec sections 4-6): the saved method, waiting changes, who may use a bank. */
export function billingInfo(seller: SellerProfile, { billing, linkedBank }: Awaited<ReturnType<typeof billingReads>>) {
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
    requiresLinkedBank: linkedBank,
    // The plan and period the seller is on are paid for: /payment offers no second "Pay and Start" for them.
    planPaid: planPaidFor(seller, billing),
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

/** Whether the plan and period the seller is on are paid for; a seller with no plan has none paid. */
function planPaidFor(seller: SellerProfile, billing: Parameters<typeof paidFor>[0]): boolean {
  const plan = planOrNone(seller.package);
  return plan ? paidFor(billing, { plan, annual: seller.annual }) : false;
}
