import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateBucketEntity } from '../../functions/data/rate-limits.js';
import { SELLER_RATE_LIMIT } from '../../functions/domain/rate-limit.js';
import { LEASE_TOKENS } from '../../functions/sellers/rate-limit.js';
import { handler } from '../../functions/http/status.js';
import { TABLE } from '../../infra/definitions.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * Each seller's own token bucket, in the table. The handler runs in this process with its clock held still, so no
 * token comes back during the burst and exactly the burst passes (the local cloud answers one seller slower than
 * the limit refills: through the gateway, a burst would measure the machine rather than the limit).
 */
describe('per-seller rate limit', () => {
  afterEach(() => {
    vi.useRealTimers();
    restoreFaults();
  });

  it('a burst over the limit from one seller gets 429 with Retry-After and the catalogue message; another seller is unaffected', async () => {
    const [busy, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const over = 50;
    const [answers, otherAnswers] = await Promise.all([
      Promise.all(Array.from({ length: SELLER_RATE_LIMIT.burst + over }, () => callInProcess(handler, busy, 'GET', '/status'))),
      Promise.all(Array.from({ length: 5 }, () => callInProcess(handler, other, 'GET', '/status'))),
    ]);

    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(SELLER_RATE_LIMIT.burst);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(over);
    for (const r of limited) {
      expect(r.headers?.['retry-after']).toBe('1');
      expect(JSON.parse(String(r.body))).toEqual({ message: MESSAGES.tooManyRequests });
    }
    expect(otherAnswers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    // A token comes back every 1000 / perSecond ms: the busy seller's next call then passes.
    expect((await callInProcess(handler, busy, 'GET', '/status')).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1000 / SELLER_RATE_LIMIT.perSecond);
    expect((await callInProcess(handler, busy, 'GET', '/status')).statusCode).toBe(200);
  });

  it('a container takes tokens a few at a time: the calls of a seller cost the bucket one read and write per lease, not per call', async () => {
    const seller = await createTestSeller();
    const bucketCalls: string[] = [];
    faults((name, input) => {
      if (JSON.stringify(input).includes('#RATE')) bucketCalls.push(name);
      return false;
    });
    // The clock held still: no token comes back during the calls, so the bucket shows exactly what was taken.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const calls = 2 * LEASE_TOKENS;
    for (let i = 0; i < calls; i++) expect((await callInProcess(handler, seller, 'GET', '/status')).statusCode).toBe(200);
    // Two leases: each one consistent read and one conditional write (per call, it was 2 * calls).
    expect(bucketCalls.length).toBeLessThanOrEqual(4);
    const { data } = await rateBucketEntity.get({ sellerId: seller.sellerId }).go({ consistent: true });
    expect(data?.tokens).toBe(SELLER_RATE_LIMIT.burst - calls);
  });

  it('through the gateway, a seller answers 200 within the limit', async () => {
    const seller = await createTestSeller();
    const answers = await Promise.all(Array.from({ length: 10 }, () => seller.api('GET', '/status')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });

  it('the bucket lives in the partition the read-only functions may write (TABLE.rateBucketKeys)', () => {
    const { Key } = rateBucketEntity.get({ sellerId: 'a-seller' }).params<{ Key: { pk: string } }>();
    const pattern = new RegExp(`^${TABLE.rateBucketKeys.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    expect(Key.pk).toMatch(pattern);
  });
});
