import { adjustRewards } from '../rewards/balance.js';
import { sendAlmostCompletedEmail, sendAnnouncementEmail, sendReminderEmail } from '../rewards/emails.js';
import {
  disableProgram,
  getSettings,
  giftsEarnedCount,
  previousRewards,
  redeemReward,
  restartProgram,
  rewardInfo,
  saveSettings,
} from '../rewards/program.js';
import { rewardsRoutes } from '../../shared/api/routes/rewards.js';
import { httpHandler } from './http-handler.js';

/** Rewards routes (issue 14). The plan gates (growth; executive for the announcement and automatic emails) are the route table's. */
export const handler = httpHandler('rewards', rewardsRoutes, {
  'rewards.createRewardsAdjustment': ({ seller, body }) => adjustRewards(seller.sellerId, body.customerID, body.amount),
  'rewards.getRewardInfo': ({ seller, query }) => rewardInfo(seller, query),
  'rewards.getPreviousRewards': ({ seller, query }) => previousRewards(seller, query),
  'rewards.getSettings': ({ seller }) => getSettings(seller),
  'rewards.getGiftsEarnedCount': ({ seller }) => giftsEarnedCount(seller),
  'rewards.redeemReward': ({ seller, body }) => redeemReward(seller, body),
  'rewards.sendAlmostCompletedEmail': ({ seller, body }) => sendAlmostCompletedEmail(seller, body),
  'rewards.sendReminderEmail': ({ seller, body }) => sendReminderEmail(seller, body),
  'rewards.sendAnnouncementEmail': ({ seller, body }) => sendAnnouncementEmail(seller, body),
  'rewards.saveSettings': ({ seller, body }) => saveSettings(seller, body),
  'rewards.restartPrevious': ({ seller }) => restartProgram(seller),
  'rewards.disableAccount': ({ seller }) => disableProgram(seller),
});
