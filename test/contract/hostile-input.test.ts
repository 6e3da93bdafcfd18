import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/api/route.js';
import { routeList } from '../../shared/api/routes.js';
import { everythingOf } from '../support/seller-items.js';
import { arbitraryOf, objectShape } from '../support/zod-schemas.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * Every route, fed inputs made from its own schema's field names and from hostile shapes (huge and unsafe numbers,
 * long strings, wrong types, cursors that are not ours, broken multipart): no answer is a 5xx other than 501, none
 * carries a stack trace, and a refused request changes nothing of the seller's. FUZZ_RUNS sets the cases per route,
 * FUZZ_SEED the seed (fixed by default so that a failure is reproduced by running the test again).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

/** The field names of a route's query or body schema, through the wrappers zod puts around an object. */
const fieldsOf = (schema: z.ZodType) => Object.entries(objectShape(schema) ?? {});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Strings that broke or could break a parser: unsafe integers, exponents, keys over DynamoDB's limits, foreign cursors. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '9007199254740993',
    '9007199254740991',
    '1e20',
    '-1',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '%E0%A4%A',
    '\u0000',
    '2026-13-45',
    '../../etc/passwd',
    'x'.repeat(5_000),
    b64({ pk: 5, sk: {} }),
    b64({ pk: 'CONSULTANT#someone-else', sk: 'CUSTOMER#1' }),
    b64([1, 2, 3]),
    b64('text'),
    b64({ pk: { S: 'x' }, sk: { N: '1' } }),
    'not-base64-!!',
  ),
);

const hostileValue = fc.oneof(
  hostileText,
  fc.constantFrom(1e20, -1e20, 2 ** 53 + 1, 9007199254740991, -0.0001, 0, 1.5, Number.MAX_VALUE, 'x'.repeat(100_000)),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 5 }),
  fc.constant(Array.from({ length: 600 }, (_, i) => `id-${i}`)),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant({ message: 42 }))),
  fc.anything({ maxDepth: 2 }),
);

/** A value for one field: mostly one its schema accepts (to get past validation), else hostile or a real id. */
const fieldValue = (key: string, schema: z.ZodType, ids: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 3, arbitrary: arbitraryOf(schema) },
    { weight: 2, arbitrary: hostileValue },
    { weight: /id$/i.test(key) ? 2 : 0, arbitrary: ids },
  );

const query = (route: RouteDef, ids: fc.Arbitrary<string>) =>
  fc.record(
    Object.fromEntries(fieldsOf(route.query).map(([k, v]) => [k, fc.oneof(fieldValue(k, v, ids).map((x) => (typeof x === 'string' ? x : JSON.stringify(x) ?? '')), hostileText)])),
    { requiredKeys: [] },
  );

const jsonBody = (route: RouteDef, ids: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record(Object.fromEntries(fieldsOf(route.body).map(([k, v]) => [k, fieldValue(k, v, ids)]))) },
    { weight: 2, arbitrary: fc.record(Object.fromEntries(fieldsOf(route.body).map(([k, v]) => [k, fieldValue(k, v, ids)])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );

/** Raw bodies for multipart routes: no boundary, a boundary with garbage, a part that is not a file. */
const multipartCases: { contentType: string; body: string }[] = [
  { contentType: 'multipart/form-data', body: 'garbage' },
  { contentType: 'multipart/form-data; boundary=', body: '--\r\n' },
  { contentType: 'multipart/form-data; boundary=x', body: 'not a multipart body at all' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n--x--\r\n' },
  { contentType: 'text/csv', body: 'a,b\n1,2\n' },
];

const STACK_TRACE = /\n\s+at |\.ts:\d+|node_modules|TypeError|ReferenceError|SyntaxError/;

/**
 * A seller with a customer and an order, whose ids the generated inputs use to get past "not found". Each seller
 * takes a few routes only, so no seller reaches the per-seller rate limit (a 429 would hide what the route does).
 */
interface Subject {
  seller: TestSeller;
  ids: fc.Arbitrary<string>;
}
const RATE_BURST = 100;
const ROUTES_PER_SELLER = Math.max(1, Math.floor((RATE_BURST * 0.7) / (RUNS + 1)));
const subjects: Promise<Subject>[] = [];

async function newSubject(): Promise<Subject> {
  const seller = await createTestSeller({ plan: 'executive' });
  const customer = await seller.api('POST', '/customers/save', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
  });
  const customerID = customer.json.customerID as string;
  const order = await seller.api('POST', '/orders/save', { body: { customerId: customerID, items: [{ name: 'Mug', price: 12, quantity: 1 }] } });
  return { seller, ids: fc.constantFrom(customerID, (order.json?.orderId as string | undefined) ?? customerID, 'not-an-id') };
}

function subjectFor(routeIndex: number): Promise<Subject> {
  const i = Math.floor(routeIndex / ROUTES_PER_SELLER);
  subjects[i] ??= newSubject();
  return subjects[i]!;
}

async function expectSafe({ seller }: Subject, route: RouteDef, send: () => Promise<{ status: number; json: unknown }>): Promise<void> {
  const before = await everythingOf(seller.sellerId);
  const res = await send();
  const text = typeof res.json === 'string' ? res.json : JSON.stringify(res.json ?? '');
  expect(res.status, `${route.id} was rate limited: the test sent a seller too many calls`).not.toBe(429);
  expect(res.status >= 500 && res.status !== 501, `${route.id} answered ${res.status}: ${text.slice(0, 300)}`).toBe(false);
  expect(text, `${route.id} leaked internals`).not.toMatch(STACK_TRACE);
  if (res.status >= 400) expect(await everythingOf(seller.sellerId), `${route.id} changed data while refusing (${res.status})`).toEqual(before);
  else if (QUEUES_WORK.has(route.id)) await settled(seller.sellerId);
}

/** Routes whose accepted calls leave seller writes to a queue's worker (the ticket's confirmation records its send). */
const QUEUES_WORK: ReadonlySet<string> = new Set(['help.ticket']);

/**
 * An accepted call may leave work to a queue (a support ticket's confirmation email, whose worker records the send):
 * the next case's "before" is taken once the seller's items stop changing, so that work is not blamed on it.
 */
async function settled(sellerId: string): Promise<void> {
  // The queue's poller may take seconds to deliver: unchanged for 3 s in a row counts as settled (20 s at most).
  let last = JSON.stringify(await everythingOf(sellerId));
  let quiet = 0;
  for (let i = 0; i < 40 && quiet < 6; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = JSON.stringify(await everythingOf(sellerId));
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

describe('hostile input, route by route', () => {
  it.each(routeList.map((r, i) => [r.id, r, i] as const))('%s', async (_id, route, index) => {
    const subject = await subjectFor(index);
    const { seller, ids } = subject;
    const params = { numRuns: RUNS, seed: SEED, endOnFailure: true };
    if (route.method === 'GET') {
      await fc.assert(
        fc.asyncProperty(query(route, ids), async (q) =>
          expectSafe(subject, route, () => seller.api('GET', route.path, { query: q as Record<string, string> })),
        ),
        params,
      );
    } else if (route.multipart) {
      for (const c of multipartCases) {
        await expectSafe(subject, route, () => seller.api('POST', route.path, { body: c.body, headers: { 'content-type': c.contentType } }));
      }
    } else {
      await fc.assert(
        fc.asyncProperty(query(route, ids), jsonBody(route, ids), async (q, body) =>
          expectSafe(subject, route, () => seller.api('POST', route.path, { query: q as Record<string, string>, body: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } })),
        ),
        params,
      );
    }
  }, 120_000);

  it('leaves every list readable afterwards (a value stored by one call never breaks a later read)', async () => {
    const reads = routeList.filter((r) => r.method === 'GET' && r.query.safeParse({}).success);
    expect(reads.length).toBeGreaterThan(5);
    for (const [i, route] of reads.entries()) {
      const { seller } = await subjects[i % subjects.length]!;
      const res = await seller.api('GET', route.path);
      expect(res.status >= 500 && res.status !== 501, `${route.id} answered ${res.status} after the hostile calls`).toBe(false);
    }
  }, 60_000);
});
