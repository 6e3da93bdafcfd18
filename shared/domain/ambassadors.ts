import { DEFAULT_PRICES, type Plan } from './plans.js';

/**
 * Ambassadors (issue 15): a seller's referral link brings in recruits; a recruit is pending until its first paid
 * month, then paid. The closest live product pays 10 % of the recruit's subscription each month for 12 months.
 */
export const AMBASSADOR_SHARE_PERCENT = 10;
export const AMBASSADOR_MONTHS = 12;
export const RECRUIT_STATES = ['pending', 'paid'] as const;
export type RecruitState = (typeof RECRUIT_STATES)[number];

/** The query parameter of the referral link (`/signup?ref=<code>`). */
export const REFERRAL_PARAM = 'ref';
/** A referral is accepted this long after the recruit's profile is first stored (a sign-up, not an old account). */
export const REFERRAL_WINDOW_DAYS = 7;

/** What the ambassador earns each month for a recruit paying `monthlyCents`, rounded to the cent. */
export function monthlyEarningCents(monthlyCents: number): number {
  return Math.round((monthlyCents * AMBASSADOR_SHARE_PERCENT) / 100);
}

/** Everything a recruit on `plan` brings over the 12 months, at the plan's monthly price. */
export function totalEarningCents(monthlyCents: number): number {
  return monthlyEarningCents(monthlyCents) * AMBASSADOR_MONTHS;
}

/** The monthly price of a plan in cents (an annual plan's price is per month too). */
export function monthlyPriceCents(plan: Plan, annual: boolean): number {
  return Math.round(DEFAULT_PRICES[plan][annual ? 'annual' : 'monthly'] * 100);
}
