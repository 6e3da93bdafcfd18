import { ONBOARDING_STEPS, onboardingDone, onboardingPercent } from '../../shared/domain/onboarding.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { PLATFORM_NAMES } from '../../shared/domain/platforms.js';
import type { HomepageAnswer } from '../../shared/schemas/reports.js';
import { openOrderCount } from '../data/aggregates.js';
import { listIntegrations } from '../data/integrations.js';
import { getPostage } from '../data/postage.js';
import { getRewardSettings, membersFrom } from '../data/rewards.js';
import type { SellerProfile } from '../data/sellers.js';
import { lastFailedJob } from '../sellers/failed-job.js';

/** Earned rewards counted for the homepage: past this many it says "or more". */
const REWARDS_COUNTED = 50;

async function rewardsToRedeem(sellerId: string): Promise<{ count: number; more: boolean }> {
  const settings = await getRewardSettings(sellerId);
  if (!settings?.startDate || !settings.goalCount) return { count: 0, more: false };
  const { members, cursor } = await membersFrom(sellerId, settings.goalCount, undefined, null, REWARDS_COUNTED);
  return { count: members.length, more: !!cursor && members.length >= REWARDS_COUNTED };
}

/**
 * What needs the seller now: unshipped orders (the aggregates' count), a postage balance under its recharge
 * threshold, the last import or sync that failed (the marker the workers keep) and any platform with problems,
 * customers with a reward to give, setup not finished (from the profile, homepageOf). Six GetItem or Query calls side
 * by side, by the seller's id alone: started beside the plan gate's profile read.
 */
export async function homepageReads(sellerId: string) {
  const [unshippedOrders, postage, integrations, rewards, failed] = await Promise.all([
    openOrderCount(sellerId),
    getPostage(sellerId),
    listIntegrations(sellerId),
    rewardsToRedeem(sellerId),
    lastFailedJob(sellerId),
  ]);
  return { unshippedOrders, postage, integrations, rewards, failed };
}

/** The homepage from what homepageReads found and the profile (the name, setup's progress). */
export function homepageOf(seller: SellerProfile, found: Awaited<ReturnType<typeof homepageReads>>): HomepageAnswer {
  const { unshippedOrders, postage, integrations, rewards, failed } = found;
  // A platform whose failed sync is the marker is said once, by the marker (it tells when).
  const markedPlatform = failed?.kind === 'sync' ? failed.platform : undefined;
  const flags = seller.onboarding ?? {};
  return {
    name: seller.name,
    unshippedOrders,
    postage: { balanceCents: postage.balanceCents, thresholdCents: postage.thresholdCents, low: postage.balanceCents < postage.thresholdCents },
    // The platform's own words stay in the item (docs/data-model.md): the seller reads ours.
    failedSyncs: integrations
      .filter((i) => i.connected && (i.problems || i.lastSyncStatus === 'failed') && i.platform !== markedPlatform)
      .map((i) => {
        const name = PLATFORM_NAMES[i.platform];
        return { platform: i.platform, message: i.problems ? MESSAGES.platformProblems(name) : MESSAGES.platformSyncFailed(name) };
      }),
    rewardsToRedeem: rewards.count,
    rewardsMore: rewards.more,
    setup: { done: onboardingDone(flags), total: ONBOARDING_STEPS.length, percent: onboardingPercent(flags) },
    failedJob: failed && {
      kind: failed.kind,
      name: failed.kind === 'sync' && failed.platform ? PLATFORM_NAMES[failed.platform] : (failed.fileName ?? ''),
      failedAt: failed.failedAt,
      reason: failed.reason,
    },
  };
}
