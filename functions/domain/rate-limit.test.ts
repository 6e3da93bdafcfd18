import { describe, expect, it } from 'vitest';
import { type Bucket, decide, fullBucket, type RateLimit, retryAfterSeconds, SELLER_RATE_LIMIT } from './rate-limit.js';

const LIMIT: RateLimit = { perSecond: 20, burst: 100 };
const T0 = 1_800_000_000_000;

/** Calls at the given times, each applying its decision to the bucket as the table would. */
function run(times: number[], limit = LIMIT): { allowed: number; refused: number; bucket: Bucket } {
  let bucket = fullBucket(times[0] ?? T0, limit);
  let allowed = 0;
  let refused = 0;
  for (const now of times) {
    const d = decide(bucket, now, limit);
    if (d.allowed) {
      allowed += 1;
      bucket = { tokens: d.tokens, refilledAt: d.refilledAt };
    } else refused += 1;
  }
  return { allowed, refused, bucket };
}

describe('per-seller token bucket', () => {
  it('is 20 calls a second sustained with bursts of 100', () => {
    expect(SELLER_RATE_LIMIT).toEqual({ perSecond: 20, burst: 100 });
  });

  it('a burst of 150 at one instant: 100 allowed, 50 refused', () => {
    expect(run(Array(150).fill(T0))).toMatchObject({ allowed: 100, refused: 50 });
  });

  it('an empty bucket refuses until the next whole token, and says how long that is', () => {
    const empty: Bucket = { tokens: 0, refilledAt: T0 };
    expect(decide(empty, T0 + 10)).toEqual({ allowed: false, retryAfterMs: 40 });
    expect(decide(empty, T0 + 49)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(decide(empty, T0 + 50)).toEqual({ allowed: true, add: 1, taken: 1, tokens: 0, refilledAt: T0 + 50 });
    // The part of a token already earned is kept: 2.5 tokens due -> 2 added, the clock moves by 2 intervals.
    expect(decide(empty, T0 + 125)).toEqual({ allowed: true, add: 2, taken: 1, tokens: 1, refilledAt: T0 + 100 });
  });

  it('a lease takes up to what it wants, never more than the bucket holds, and at least one or nothing', () => {
    expect(decide({ tokens: 10, refilledAt: T0 }, T0, LIMIT, 5)).toMatchObject({ allowed: true, taken: 5, tokens: 5 });
    expect(decide({ tokens: 3, refilledAt: T0 }, T0, LIMIT, 5)).toMatchObject({ allowed: true, taken: 3, tokens: 0 });
    expect(decide({ tokens: 0, refilledAt: T0 }, T0 + 60, LIMIT, 5)).toMatchObject({ allowed: true, add: 1, taken: 1, tokens: 0 });
    expect(decide({ tokens: 0, refilledAt: T0 }, T0 + 10, LIMIT, 5)).toMatchObject({ allowed: false });
  });

  it('sustains 20 a second: 10 s of calls every 10 ms after the burst is spent allows about 100 + 200', () => {
    const times = Array.from({ length: 1000 }, (_, i) => T0 + i * 10);
    const { allowed, refused } = run(times);
    expect(allowed).toBeGreaterThanOrEqual(298);
    expect(allowed).toBeLessThanOrEqual(300);
    expect(refused).toBe(1000 - allowed);
  });

  it('a full bucket banks nothing while idle: an hour later still 100 at once, not more', () => {
    const first = run(Array(100).fill(T0));
    expect(first.bucket.tokens).toBe(0);
    const later = T0 + 3_600_000;
    let bucket = first.bucket;
    let allowed = 0;
    for (let i = 0; i < 150; i++) {
      const d = decide(bucket, later);
      if (!d.allowed) break;
      allowed += 1;
      bucket = { tokens: d.tokens, refilledAt: d.refilledAt };
    }
    expect(allowed).toBe(100);
  });

  it('a call that finds no whole token due leaves the clock alone (only a decrement, which parallel calls cannot conflict on)', () => {
    const d = decide({ tokens: 40, refilledAt: T0 }, T0 + 30);
    expect(d).toEqual({ allowed: true, add: 0, taken: 1, tokens: 39, refilledAt: T0 });
  });

  it('a clock behind the stored one (another container) neither adds nor refuses wrongly', () => {
    expect(decide({ tokens: 5, refilledAt: T0 }, T0 - 500)).toEqual({ allowed: true, add: 0, taken: 1, tokens: 4, refilledAt: T0 });
  });

  it('Retry-After is whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });
});
