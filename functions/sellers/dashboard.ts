import { onboardingPercent } from '../../shared/domain/onboarding.js';
import { PLAN_LABELS, planOrNone, SHIPMENT_ALLOWANCE } from '../../shared/domain/plans.js';
import { monthRange } from '../../shared/domain/reports.js';
import { monthKey } from '../../shared/domain/shipping-usage.js';
import type { DashboardAnswer } from '../../shared/schemas/reports.js';
import { shipmentsIn } from '../data/postage.js';
import type { SellerProfile } from '../data/sellers.js';
import { dayFigures, totalOf } from '../reports/reports.js';

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

/**
 * /dashboard's reads: the day aggregates of this month and last (two Queries, side by side) and the month's
 * shipments as the allowance counts them (with the gate's profile in one BatchGet), by the seller's id alone, so
 * they start beside the plan gate's profile read.
 */
export async function dashboardMonths(sellerId: string, now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const current = monthRange(today);
  const previous = monthRange(today, 1);
  const [thisDays, lastDays, counted] = await Promise.all([
    dayFigures(sellerId, current.from, current.to),
    dayFigures(sellerId, previous.from, previous.to),
    shipmentsIn(sellerId, monthKey(now)),
  ]);
  return { current, previous, thisDays, lastDays, counted };
}

/**
 * /dashboard: the profile's counters and this month against last (orders, sales, shipments against the plan's
 * allowance, postage spent), from the two months dashboardMonths read.
 */
export function dashboardWithMonths(seller: SellerProfile, months: Awaited<ReturnType<typeof dashboardMonths>>): DashboardAnswer {
  const { current, previous, thisDays, lastDays, counted } = months;
  const rows = (days: typeof thisDays) => [...days].map(([day, f]) => ({ day, ...f })).sort((a, b) => a.day.localeCompare(b.day));
  const plan = planOrNone(seller.package);
  const included = plan ? SHIPMENT_ALLOWANCE[plan].included : 0;
  return {
    ...dashboardOf(seller),
    thisMonth: { month: current.from.slice(0, 7), ...totalOf(thisDays.values()) },
    lastMonth: { month: previous.from.slice(0, 7), ...totalOf(lastDays.values()) },
    shipmentAllowance: Number.isFinite(included) ? included : null,
    shipmentsCounted: counted,
    days: rows(thisDays),
    lastMonthDays: rows(lastDays),
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
