import { adjustRewards } from '../rewards/balance.js';
import { httpHandler } from './http-handler.js';

/** Rewards routes; the ones not mapped here answer 501 until their feature is built (npm run routes). */
export const handler = httpHandler('rewards', {
  'rewards.createRewardsAdjustment': ({ seller, body }) => adjustRewards(seller.sellerId, body.customerID, body.amount),
});
