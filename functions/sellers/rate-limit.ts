import { takeToken } from '../data/rate-limits.js';
import { TooManyRequests } from '../domain/errors.js';
import { retryAfterSeconds } from '../domain/rate-limit.js';

/** Counts one call of the seller against their rate limit; over it, TooManyRequests says when to try again. */
export async function admitCall(sellerId: string): Promise<void> {
  const decision = await takeToken(sellerId);
  if (!decision.allowed) throw new TooManyRequests(retryAfterSeconds(decision.retryAfterMs));
}
