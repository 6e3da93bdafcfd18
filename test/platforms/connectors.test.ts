import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/adapters/platforms/connector.js';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import { CASES } from './cases/index.js';
import { type FakePlatform, startFakePlatform } from './fake-platform.js';
import { PAGE_SIZE } from './platform-case.js';

/**
 * Every platform connector against a loopback fake of its API: all pages read, the platform's 429 retried after
 * the wait it names, the orders mapped exactly, revoked credentials a non-retryable PlatformError, and the OAuth
 * address with the documented parameters.
 */
describe.each(CASES)('$platform connector against a loopback fake of its API', (c) => {
  let fake: FakePlatform;
  const waits: number[] = [];
  const connector = c.create({ pageSize: PAGE_SIZE, sleep: async (ms) => void waits.push(ms) });
  const context = (credentials = c.credentials) => ({ credentials, baseUrl: `${fake.url}${c.basePath ?? ''}` });

  beforeAll(async () => {
    fake = await startFakePlatform(c.fake);
  });
  afterAll(() => fake.close());

  it('reads every page, retries the 429 after the wait the platform names, and maps the orders', async () => {
    const orders: ImportedOrder[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const result = await connector.fetchOrders(context(), c.since, page);
      orders.push(...result.orders);
      page = result.next;
      pages += 1;
    } while (page && pages < 10);

    expect(orders.map((o) => o.platformOrderId)).toEqual(c.ids);
    expect(orders.map((o) => o.status)).toEqual(c.statuses);
    expect(orders.every((o) => o.source === c.platform)).toBe(true);
    expect(orders[0]).toEqual(c.first);
    expect(pages).toBe(c.pages ?? Math.ceil(c.ids.length / PAGE_SIZE));

    const listRequests = fake.requests.filter((r) => `${r.method} ${r.path}` === c.ordersRoute);
    expect(listRequests).toHaveLength(pages + 1);
    c.checkFirstRequest(listRequests[0]!);
    // One 429, then the same request again after the platform's wait.
    expect(fake.rateLimited).toHaveLength(1);
    expect(waits).toEqual([c.waitMs]);
    const limited = fake.rateLimited[0]!;
    const retried = fake.requests[fake.requests.indexOf(limited) + 1]!;
    expect([retried.path, retried.query.toString(), retried.body]).toEqual([limited.path, limited.query.toString(), limited.body]);
  });

  it('answers revoked credentials with a PlatformError that asks the seller to reconnect, not a retry', async () => {
    const error = await connector.fetchOrders(context(c.revoked), c.since, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/Reconnect/) });
    expect([401, 403]).toContain((error as PlatformError).status);
  });

});

describe.each(CASES.filter((c) => c.authorize))('$platform OAuth', (c) => {
  it('builds the address that asks the seller to grant access, with the documented parameters', () => {
    const url = new URL(c.create({}).authorizeUrl!(c.authorize!.request));
    expect(`${url.origin}${url.pathname}`).toBe(c.authorize!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual(c.authorize!.params);
  });
});
