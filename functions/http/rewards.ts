import { adjustRewards } from '../rewards/balance.js';
import { sendAlmostCompletedEmail, sendAnnouncementEmail, sendReminderEmail } from '../rewards/emails.js';
import {
  disableProgram,
  giftsEarnedCount,
  previousRewards,
  redeemReward,
  restartProgram,
  rewardInfoOf,
  rewardInfoReads,
  saveSettings,
  settingsView,
  storedSettings,
} from '../rewards/program.js';
import { rewardsRoutes } from '../../shared/api/routes/rewards.js';
import { httpHandler, readsOnly, readsWithProfile } from './http-handler.js';

/** Rewards routes (issue 14). The plan gates (growth; executive for the announcement and automatic emails) are the route table's. */
export const handler = httpHandler('rewards', rewardsRoutes, {
  'rewards.createRewardsAdjustment': ({ seller, body }) => adjustRewards(seller.sellerId, body.customerID, body.amount, body.requestKey),
  // The reads start beside the plan gate's profile read (read on every call: these are growth routes); the program's
  // view takes the plan from the profile.
  'rewards.getRewardInfo': readsWithProfile(({ sellerId, query }) => rewardInfoReads(sellerId, query), rewardInfoOf),
  'rewards.getPreviousRewards': readsOnly(({ sellerId, query }) => previousRewards(sellerId, query)),
  'rewards.getSettings': readsWithProfile(({ sellerId }) => storedSettings(sellerId), settingsView),
  'rewards.getGiftsEarnedCount': readsOnly(({ sellerId }) => giftsEarnedCount(sellerId)),
  'rewards.redeemReward': ({ seller, body }) => redeemReward(seller, body),
  'rewards.sendAlmostCompletedEmail': ({ seller, body }) => sendAlmostCompletedEmail(seller, body),
  'rewards.sendReminderEmail': ({ seller, body }) => sendReminderEmail(seller, body),
  'rewards.sendAnnouncementEmail': ({ seller, body }) => sendAnnouncementEmail(seller, body),
  'rewards.saveSettings': ({ seller, body }) => saveSettings(seller, body),
  'rewards.restartPrevious': ({ seller }) => restartProgram(seller),
  'rewards.disableAccount': ({ seller }) => disableProgram(seller),
});
