/**
 * A token bucket per seller (issue 13): a seller may send `burst` calls at once and `perSecond` calls a second
 * after that. Tokens come back in whole tokens, one every 1000 / perSecond ms, so a call that finds no whole
 * token due only takes one (a decrement that parallel calls cannot conflict on) and the bucket's clock moves only
 * when whole tokens are added. Pure: the table holds the bucket (functions/data/rate-limits.ts).
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Every seller's limit: well above what the web app sends (a screen makes a handful of calls), well below abuse. */
export const SELLER_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 100 };

/** A seller's bucket as stored: whole tokens left, and when tokens were last added (epoch ms). */
export interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * What a call does to the bucket: refused (with the wait until the next token), or allowed, adding `add` tokens
 * (0 when none are due) and taking one. `refilledAt` is the bucket's new clock; unchanged when nothing was added.
 */
export type Decision =
  | { allowed: true; add: number; taken: number; tokens: number; refilledAt: number }
  | { allowed: false; retryAfterMs: number };

/** The bucket of a seller never seen (or whose bucket expired): full. */
export const fullBucket = (now: number, limit: RateLimit = SELLER_RATE_LIMIT): Bucket => ({ tokens: limit.burst, refilledAt: now });

/**
 * What a call that wants `want` tokens gets: at least one or a refusal, at most `want` (a container leases a few at
 * once, functions/sellers/rate-limit.ts), never more than the bucket holds.
 */
export function decide(bucket: Bucket, now: number, limit: RateLimit = SELLER_RATE_LIMIT, want = 1): Decision {
  const interval = 1000 / limit.perSecond;
  const elapsed = Math.max(0, now - bucket.refilledAt);
  const due = Math.floor(elapsed / interval);
  const room = Math.max(0, limit.burst - bucket.tokens);
  const add = Math.min(due, room);
  // A full bucket banks no credit: its clock restarts now. Otherwise it moves by the tokens added, keeping the part
  // of a token already earned.
  const refilledAt = due >= room ? now : bucket.refilledAt + add * interval;
  const available = bucket.tokens + add;
  if (available < 1) return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(bucket.refilledAt + (due + 1) * interval - now)) };
  const taken = Math.min(want, available);
  return { allowed: true, add, taken, tokens: available - taken, refilledAt };
}

/** Retry-After is whole seconds: never 0, which would invite an immediate retry. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
