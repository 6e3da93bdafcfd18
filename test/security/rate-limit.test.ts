import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateBucketEntity, takeTokens } from '../../functions/data/rate-limits.js';
import { SELLER_RATE_LIMIT } from '../../functions/domain/rate-limit.js';
import { LEASE_TOKENS } from '../../functions/sellers/rate-limit.js';
import { handler } from '../../functions/http/status.js';
import { TABLE } from '../../infra/definitions.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { faults, restoreFaults, uninterceptedClient } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * Each seller's own token bucket, in the table. The handler runs in this process with its clock held still, so no
 * token comes back during the burst and exactly the burst passes (the local cloud answers one seller slower than
 * the limit refills: through the gateway, a burst would measure the machine rather than the limit).
 */
/**
 * Waits for the lease taken ahead. Not vi.waitFor: under fake timers it moves the held clock, and a token would come
 * back meanwhile.
 */
async function settled(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the lease taken ahead did not settle within 2 s');
}

/** The container's calls of the bucket, by command name, from now on (the test's own reads go past them). */
function recordBucketCalls(): string[] {
  const calls: string[] = [];
  faults((name, input) => {
    if (JSON.stringify(input).includes('#RATE')) calls.push(name);
    return false;
  });
  return calls;
}

/** The tokens in the seller's bucket as the table holds them, read past the interception. */
async function bucketTokens(sellerId: string): Promise<number | undefined> {
  const { TableName, Key } = rateBucketEntity().get({ sellerId }).params<{ TableName: string; Key: Record<string, string> }>();
  const { Item } = await uninterceptedClient.send(new GetCommand({ TableName, Key, ConsistentRead: true }));
  return Item?.tokens as number | undefined;
}

type Seller = Awaited<ReturnType<typeof createTestSeller>>;

const statusCall = async (seller: Seller) => expect((await callInProcess(handler, seller, 'GET', '/status')).statusCode).toBe(200);

/**
 * Holds the clock still (no token comes back, so the bucket shows exactly what was taken), spends the first lease, and
 * waits for the second, taken beside the call that spent the first one's last token.
 */
async function spendFirstLease(seller: Seller): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
  for (let i = 0; i < LEASE_TOKENS; i++) await statusCall(seller);
  await settled(async () => (await bucketTokens(seller.sellerId)) === SELLER_RATE_LIMIT.burst - 2 * LEASE_TOKENS);
}

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

  it('a container takes tokens a few at a time, and the next lease beside the call that spends the last token', async () => {
    const seller = await createTestSeller();
    const bucketCalls = recordBucketCalls();
    await spendFirstLease(seller);
    // The first lease reads the bucket (there is none yet) and writes it; the second writes against the bucket the
    // first one left, without reading it (per call, it was a read and a write each).
    expect(bucketCalls).toEqual(['GetCommand', 'PutCommand', 'UpdateCommand']);
    // The next calls spend the lease taken ahead: none of them calls the bucket.
    for (let i = 0; i < LEASE_TOKENS - 1; i++) await statusCall(seller);
    expect(bucketCalls).toHaveLength(3);
    expect(await bucketTokens(seller.sellerId)).toBe(SELLER_RATE_LIMIT.burst - 2 * LEASE_TOKENS);
  });

  it('a lease against a bucket another container has taken from reads it again: every token counted once', async () => {
    const seller = await createTestSeller();
    const bucketCalls = recordBucketCalls();
    await spendFirstLease(seller);
    // Another container serves the seller meanwhile and takes 3 tokens.
    expect(await takeTokens(seller.sellerId, 3, Date.now())).toMatchObject({ allowed: true, taken: 3 });
    bucketCalls.length = 0;
    // This container spends its lease; the last call's lease ahead finds the bucket changed, reads it and takes from it.
    for (let i = 0; i < LEASE_TOKENS; i++) await statusCall(seller);
    await settled(async () => (await bucketTokens(seller.sellerId)) === SELLER_RATE_LIMIT.burst - 3 * LEASE_TOKENS - 3);
    expect(bucketCalls).toEqual(['UpdateCommand', 'GetCommand', 'UpdateCommand']);
  });

  it('a lease taken ahead that fails fails no call: the next call takes its own lease', async () => {
    const seller = await createTestSeller();
    const bucketCalls: string[] = [];
    // The second lease's write (the one taken ahead) fails; every other call goes through.
    faults((name, input) => {
      if (!JSON.stringify(input).includes('#RATE')) return false;
      bucketCalls.push(name);
      return bucketCalls.length === 3;
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    for (let i = 0; i < LEASE_TOKENS; i++) await statusCall(seller);
    await settled(async () => bucketCalls.length === 3);
    await statusCall(seller);
    // The failed write may or may not have been made: the next lease reads the bucket rather than trust the last one.
    expect(bucketCalls).toEqual(['GetCommand', 'PutCommand', 'UpdateCommand', 'GetCommand', 'UpdateCommand']);
    restoreFaults();
    const { data } = await rateBucketEntity().get({ sellerId: seller.sellerId }).go({ consistent: true });
    expect(data?.tokens).toBe(SELLER_RATE_LIMIT.burst - 2 * LEASE_TOKENS);
  });

  it('through the gateway, a seller answers 200 within the limit', async () => {
    const seller = await createTestSeller();
    const answers = await Promise.all(Array.from({ length: 10 }, () => seller.api('GET', '/status')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });

  it('the bucket lives in the partition the read-only functions may write (TABLE.rateBucketKeys)', () => {
    const { Key } = rateBucketEntity().get({ sellerId: 'a-seller' }).params<{ Key: { pk: string } }>();
    const pattern = new RegExp(`^${TABLE.rateBucketKeys.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    expect(Key.pk).toMatch(pattern);
  });
});
