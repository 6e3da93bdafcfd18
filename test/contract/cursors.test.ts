import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { routeList } from '../../shared/api/routes.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { objectShape } from '../support/zod-schemas.js';

/**
 * Every route that pages takes back only a cursor it could have made for this seller (issue 13): garbage, a cursor
 * that decodes to the wrong types, and another seller's real cursor each answer 400 with the spec's advice to start
 * again, never 500 and never another seller's items.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const paged = routeList.filter((r) => r.method === 'GET' && 'cursor' in (objectShape(r.query) ?? {}));

let owner: TestSeller;
let stranger: TestSeller;
let ownersCursor: string;
const customerOf = new Map<TestSeller, string>();

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestSeller({ plan: 'executive' }), createTestSeller({ plan: 'executive' })]);
  for (let i = 0; i < 21; i++) await owner.api('POST', '/customers/save', { body: { firstName: 'Page', lastName: `Person${String(i).padStart(2, '0')}` } });
  ownersCursor = (await owner.api('GET', '/customers/list')).json.cursor;
  for (const seller of [owner, stranger]) {
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Own', lastName: 'Customer' } });
    customerOf.set(seller, saved.json.customerID);
  }
});

describe('page cursors', () => {
  it('are offered by the paged routes, and the owner can use one', async () => {
    expect(paged.map((r) => r.id)).toEqual(expect.arrayContaining(['customers.list', 'orders.list', 'billing.paymentHistory']));
    expect(typeof ownersCursor).toBe('string');
    const next = await owner.api('GET', '/customers/list', { query: { cursor: ownersCursor } });
    expect(next.status).toBe(200);
    expect(next.json.customers).toHaveLength(1);
  });

  it("refuses another seller's cursor on every paged route", async () => {
    for (const route of paged) {
      const query = { ...requiredQuery(route.id, customerOf.get(stranger)!), cursor: ownersCursor };
      const res = await stranger.api('GET', route.path, { query });
      expect([route.id, res.status, res.json?.errors?.cursor]).toEqual([route.id, 400, MESSAGES.cursorExpired]);
    }
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor!!'],
    ['JSON of the wrong types', b64({ pk: 5, sk: { S: 'x' } })],
    ['a list', b64([1, 2])],
    ['a text', b64('text')],
    ['an empty object', b64({})],
    ['no partition key', b64({ sk: 'CUSTOMER#1' })],
  ])('refuses a cursor that is %s on every paged route', async (_what, cursor) => {
    // A seller of its own per case: six cases over every paged route would spend one seller's rate limit (429).
    const seller = await createTestSeller({ plan: 'executive' });
    const own = (await seller.api('POST', '/customers/save', { body: { firstName: 'Own', lastName: 'Customer' } })).json.customerID;
    for (const route of paged) {
      const res = await seller.api('GET', route.path, { query: { ...requiredQuery(route.id, own), cursor } });
      expect([route.id, res.status]).toEqual([route.id, 400]);
    }
  });
});

/** The other query fields a paged route needs to get as far as reading its page. */
function requiredQuery(id: string, customerID: string): Record<string, string> {
  if (id === 'customers.search' || id.startsWith('products.search')) return { q: 'pa' };
  if (id === 'customers.listOrders') return { customerID };
  if (id === 'marketing.recruits') return { state: 'pending' };
  return {};
}
