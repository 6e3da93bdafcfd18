import type { RouteOf } from '../../shared/api/routes.js';
import { adjustRewardBalance } from '../data/customers.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { type Action, httpHandler } from './http-handler.js';

/** Spec section 5: the balance never goes below 0, whatever the browser sends. */
const createRewardsAdjustment: Action<RouteOf<'rewards.createRewardsAdjustment'>> = async ({ seller, body }) => {
  const result = await adjustRewardBalance(seller.sellerId, body.customerID, body.amount);
  if (result.ok) return { success: true, rewardBalance: result.rewardBalance };
  if (result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
  throw new InvalidInput({ amount: MESSAGES.rewardsBelowZero });
};

/** Rewards routes; the ones not mapped here answer 501 until their feature is built (npm run routes). */
export const handler = httpHandler('rewards', {
  'rewards.createRewardsAdjustment': createRewardsAdjustment,
});
