import { MESSAGES } from '../../shared/api/messages.js';
import { adjustRewardBalance } from '../data/customers.js';
import { getRewardSettings } from '../data/rewards.js';
import { InvalidInput, NotFound } from '../domain/errors.js';

/** Spec section 5: the balance never goes below 0, whatever the browser sends. */
export async function adjustRewards(sellerId: string, customerId: string, amount: number, requestKey?: string) {
  const program = await getRewardSettings(sellerId);
  const result = await adjustRewardBalance(sellerId, customerId, amount, program?.startDate ? program.goalCount : undefined, requestKey);
  if (result.ok) return { success: true as const, rewardBalance: result.rewardBalance };
  if (result.reason === 'notFound') throw new NotFound(MESSAGES.customerNotFound);
  throw new InvalidInput({ amount: MESSAGES.rewardsBelowZero });
}
