import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import { createSquareConnector } from '../../functions/adapters/platforms/square.js';
import { square } from './cases/square.js';
import { type FakePlatform, type FakeRequest, startFakePlatform } from './fake-platform.js';

/**
 * Square searches at most ten locations a request (more is a 400): a seller with twelve has every location's
 * orders read, ten locations at a time, each group to its last page.
 */
const LOCATIONS = Array.from({ length: 12 }, (_, i) => `L${i + 1}`);
const ordersAt = (location: string) => [1, 2, 3].map((n) => ({ id: `${location}-O${n}`, location_id: location, state: 'OPEN', created_at: '2026-03-02T12:00:00.000Z' }));

describe('Square connector, a seller with more locations than one search takes', () => {
  let fake: FakePlatform;
  beforeAll(async () => {
    fake = await startFakePlatform({
      ...square.fake,
      rateLimit: undefined,
      routes: {
        'GET /v2/locations': () => ({ body: { locations: LOCATIONS.map((id) => ({ id, status: 'ACTIVE' })) } }),
        'POST /v2/orders/search': (r: FakeRequest) => {
          const ids = r.json.location_ids as string[];
          if (ids.length > 10) return { status: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', detail: 'Cannot provide more than 10 location_ids.' }] } };
          const all = ids.flatMap(ordersAt);
          const offset = r.json.cursor ? Number(r.json.cursor) : 0;
          const limit = Number(r.json.limit);
          const next = offset + limit < all.length ? String(offset + limit) : undefined;
          return { body: { orders: all.slice(offset, offset + limit), ...(next ? { cursor: next } : {}) } };
        },
      },
    });
  });
  afterAll(() => fake.close());

  it('reads the orders of all twelve locations, never asking for more than ten at once', async () => {
    const connector = createSquareConnector({ pageSize: 20 });
    const orders: ImportedOrder[] = [];
    let page: string | undefined;
    let calls = 0;
    do {
      const result = await connector.fetchOrders({ credentials: square.credentials, baseUrl: fake.url }, square.since, page);
      orders.push(...result.orders);
      page = result.next;
      calls += 1;
    } while (page && calls < 10);

    expect(orders.map((o) => o.platformOrderId)).toEqual(LOCATIONS.flatMap(ordersAt).map((o) => o.id));
    const searches = fake.requests.filter((r) => r.path === '/v2/orders/search').map((r) => r.json.location_ids);
    // Ten locations (30 orders: pages of 20 and 10), then the last two (6 orders).
    expect(searches).toEqual([LOCATIONS.slice(0, 10), LOCATIONS.slice(0, 10), LOCATIONS.slice(10)]);
  });
});
