import { MESSAGES } from '../../shared/api/messages.js';
import { adjustRewardBalance } from '../data/customers.js';
import { InvalidInput, NotFound } from '../domain/errors.js';

/** Spec section 5: the balance never goes below 0, whatever the browser sends. */
export async function adjustRewards(sellerId: string, customerId: string, amount: number) {
  const result = await adjustRewardBalance(sellerId, customerId, amount);
  if (result.ok) return { success: true as const, rewardBalance: result.rewardBalance };
  if (result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
  throw new InvalidInput({ amount: MESSAGES.rewardsBelowZero });
}
