import { describe, expect, it } from 'vitest';
import { rateBucketEntity } from '../../functions/data/rate-limits.js';
import { SELLER_RATE_LIMIT } from '../../functions/domain/rate-limit.js';
import { TABLE } from '../../infra/definitions.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { createTestSeller } from '../support/sellers.js';

/** Each seller's own token bucket, through the local gateway: one seller's burst is refused, another's calls are not. */
describe('per-seller rate limit', () => {
  it('a burst over the limit from one seller gets 429 with Retry-After and the catalogue message; another seller is unaffected', async () => {
    const [busy, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    const burst = SELLER_RATE_LIMIT.burst + 50;
    const url = `${process.env.TEST_API_URL}/status`;
    const call = (token: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const [answers, otherAnswers] = await Promise.all([
      Promise.all(Array.from({ length: burst }, () => call(busy.idToken))),
      Promise.all(Array.from({ length: 5 }, () => call(other.idToken))),
    ]);

    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok.length + limited.length).toBe(burst);
    expect(limited.length).toBeGreaterThan(0);
    // The burst, plus what refilled while it was being answered (20 a second).
    expect(ok.length).toBeLessThanOrEqual(SELLER_RATE_LIMIT.burst + 20 * 10);
    const first = limited[0]!;
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await first.json()).toEqual({ message: MESSAGES.tooManyRequests });

    expect(otherAnswers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const later = await other.api('GET', '/consultant/GetConsultantInfoLite');
    expect(later.status).toBe(200);
  });

  it('the bucket lives in the partition the read-only functions may write (TABLE.rateBucketKeys)', () => {
    const { Key } = rateBucketEntity.get({ sellerId: 'a-seller' }).params<{ Key: { pk: string } }>();
    const pattern = new RegExp(`^${TABLE.rateBucketKeys.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    expect(Key.pk).toMatch(pattern);
  });
});
