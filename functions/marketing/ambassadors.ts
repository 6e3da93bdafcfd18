import { MESSAGES } from '../../shared/api/messages.js';
import {
  AMBASSADOR_MONTHS,
  AMBASSADOR_SHARE_PERCENT,
  monthlyEarningCents,
  monthlyPriceCents,
  REFERRAL_PARAM,
  REFERRAL_WINDOW_DAYS,
  type RecruitState,
} from '../../shared/domain/ambassadors.js';
import type { Plan } from '../../shared/domain/plans.js';
import { getRecruitedBy, listRecruits, markRecruitPaid, recordRecruit } from '../data/ambassadors.js';
import { getSellerProfile, type SellerProfile } from '../data/sellers.js';
import { Refused } from '../domain/errors.js';
import { withDomainErrors } from '../services/data-failures.js';
import { logger } from '../observability.js';

/**
 * Ambassadors (issue 15). A seller's referral code is their seller id: stable, needs no lookup item, and every key
 * stays under a seller. A seller who signs up through the link (the web app keeps the code from /signup and sends
 * it once signed in) is a pending recruit until their first subscription charge succeeds, then paid.
 */

export function referralLink(seller: Pick<SellerProfile, 'sellerId'>) {
  const code = seller.sellerId;
  return {
    code,
    path: `/signup?${REFERRAL_PARAM}=${encodeURIComponent(code)}`,
    sharePercent: AMBASSADOR_SHARE_PERCENT,
    months: AMBASSADOR_MONTHS,
  } as const;
}

/** One page of the ambassador's pending or paid recruits, newest first. */
export async function recruitsOf(ambassadorId: string, state: RecruitState, cursor?: string) {
  const page = await withDomainErrors(() => listRecruits(ambassadorId, state, cursor));
  return {
    recruits: page.data.map((r) => ({
      name: r.name,
      joinedAt: r.joinedAt,
      state: r.state,
      paidAt: r.paidAt ?? null,
      monthlyEarningCents: r.monthlyEarningCents ?? null,
      earningUntil: r.earningUntil ?? null,
    })),
    cursor: page.cursor,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Records the signed-in seller as a pending recruit of the code's ambassador. Refused for one's own code, a code
 * that is no seller, or an account older than the sign-up window; a seller who already has an ambassador keeps
 * them (recorded: false).
 */
export async function joinReferral(seller: Pick<SellerProfile, 'sellerId' | 'name' | 'businessName' | 'createdAt'>, code: string) {
  if (code === seller.sellerId) throw new Refused(MESSAGES.referralInvalid);
  if (Date.now() - Date.parse(seller.createdAt) > REFERRAL_WINDOW_DAYS * DAY_MS) throw new Refused(MESSAGES.referralInvalid);
  const ambassador = await getSellerProfile(code);
  if (!ambassador) throw new Refused(MESSAGES.referralInvalid);
  const recorded = await recordRecruit(ambassador.sellerId, seller.sellerId, seller.businessName || seller.name);
  return { success: true as const, recorded };
}

/** YYYY-MM of the month `months` after `iso`'s. */
function monthAfter(iso: string, months: number): string {
  const d = new Date(iso);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  return m.toISOString().slice(0, 7);
}

/**
 * A subscription charge of `recruitId` succeeded (functions/billing/plan.ts): the first one makes the recruit paid
 * for its ambassador, earning 10 % of the plan's monthly price for 12 months. Later charges, and sellers nobody
 * recruited, change nothing. Never fails the charge: an error is logged for a retry by hand.
 */
export async function recruitCharged(recruitId: string, plan: Plan, annual: boolean, paidAt = new Date().toISOString()): Promise<void> {
  try {
    const by = await getRecruitedBy(recruitId);
    if (!by || by.paid) return;
    await markRecruitPaid(recruitId, {
      ambassadorId: by.ambassadorId,
      joinedAt: by.joinedAt,
      paidAt,
      monthlyEarningCents: monthlyEarningCents(monthlyPriceCents(plan, annual)),
      earningUntil: monthAfter(paidAt, AMBASSADOR_MONTHS - 1),
    });
  } catch (error) {
    logger.error('recruit not marked paid after its first charge', { recruitId, error: error as Error });
  }
}
