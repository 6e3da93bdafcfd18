import { onboardingPercent } from '../../shared/domain/onboarding.js';
import { PLAN_LABELS, planOrNone } from '../../shared/domain/plans.js';
import type { SellerProfile } from '../data/sellers.js';

/** What /dashboard shows: read from the one profile item, whose counters move with the items they count. */
export function dashboardOf(seller: SellerProfile) {
  const plan = planOrNone(seller.package);
  return {
    name: seller.name,
    businessName: seller.businessName ?? null,
    plan,
    planLabel: plan ? PLAN_LABELS[plan] : 'No plan',
    customerCount: seller.customerCount,
    orderCount: seller.orderCount,
  };
}

/** The header's view of the seller: who, and on which plan. */
export function consultantInfoLiteOf(seller: SellerProfile) {
  const { name, plan, planLabel, businessName } = dashboardOf(seller);
  return { name, plan, planLabel, businessName };
}

export function consultantInfoOf(seller: SellerProfile) {
  return {
    ...dashboardOf(seller),
    email: seller.email,
    package: seller.package ?? null,
    annual: seller.annual,
    phone: seller.phone ?? null,
    returnAddress: seller.returnAddress ?? null,
    onboarding: seller.onboarding ?? {},
    onboardingPercent: onboardingPercent(seller.onboarding ?? {}),
    walkthroughClosed: seller.walkthroughClosed ?? false,
  };
}
