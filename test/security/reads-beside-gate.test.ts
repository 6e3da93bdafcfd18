import { afterEach, describe, expect, it } from 'vitest';
import { createCustomer } from '../../functions/data/customers.js';
import { consultantEntity } from '../../functions/data/entities.js';
import { createOrder } from '../../functions/data/orders.js';
import { getSellerProfile, setSellerPlan } from '../../functions/data/sellers.js';
import { handler as billing } from '../../functions/http/billing.js';
import { handler as consultant } from '../../functions/http/consultant.js';
import { handler as customers } from '../../functions/http/customers.js';
import { handler as integrations } from '../../functions/http/integrations.js';
import { handler as marketing } from '../../functions/http/marketing.js';
import { handler as orders } from '../../functions/http/orders.js';
import { handler as products } from '../../functions/http/products.js';
import { handler as rewards } from '../../functions/http/rewards.js';
import { handler as shipping } from '../../functions/http/shipping.js';
import { handler as status } from '../../functions/http/status.js';
import { type RouteId, routeById } from '../../shared/api/routes.js';
import { HAVE_SYNC_PLATFORMS, PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import { intercept, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller } from '../support/sellers.js';

const HANDLERS = { billing, consultant, customers, integrations, marketing, orders, products, rewards, shipping, status } as const;

/**
 * Every read of a screen that needs only the seller's id starts beside the plan gate (readsOnly in
 * functions/http/http-handler.ts), and reads no profile once the container knows the seller holds a plan. The
 * customers' own reads and the orders page are in test/customers/reads-beside-gate.test.ts.
 */
const READS = (customerId: string): [RouteId, Record<string, string>][] => [
  ['orders.autocomplete', { search: 'ann' }],
  ['orders.addressSuggestions', { q: '12 main' }],
  ['orders.listDiscounts', {}],
  ['orders.parseAddress', { address: '12 Main St, Springfield, IL 62701' }],
  ['customers.getPreviousAddress', { id: customerId }],
  ['customers.getMatchingForMerge', { id: customerId }],
  ['products.search', { q: 'lip' }],
  ['products.searchWithSale', { q: 'lip' }],
  ['products.getSellingProducts', {}],
  ...PRODUCT_CONTROLLERS.map((c): [RouteId, Record<string, string>] => [`${c}.products` as RouteId, {}]),
  ['consultant.reports', { from: '2026-11-01', to: '2026-11-30' }],
  ['consultant.getCountries', {}],
  ['consultant.getStates', { country: 'US' }],
  ['billing.paymentHistory', {}],
  ['shipping.balance', {}],
  ['marketing.listCampaigns', {}],
  ['marketing.recruits', { state: 'pending' }],
  ['integrations.list', {}],
  ...HAVE_SYNC_PLATFORMS.map((p): [RouteId, Record<string, string>] => [`${p}.havesync` as RouteId, {}]),
  ['controlpad.sync', {}],
  ['tiktok.sync', {}],
  ['status.version', {}],
];

const callOf = (seller: Awaited<ReturnType<typeof createTestSeller>>, id: RouteId, query: Record<string, string>) => {
  const route = routeById(id);
  const search = new URLSearchParams(query).toString();
  return callInProcess(HANDLERS[route.group as keyof typeof HANDLERS], seller, 'GET', `${route.path.replace(/^\/api/, '')}${search ? `?${search}` : ''}`);
};

describe('reads started beside the plan gate', () => {
  afterEach(restoreFaults);

  it("read the seller's profile only until the container knows the seller holds a plan", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const customerId = await createCustomer(seller.sellerId, { firstName: 'Ann', lastName: 'Beside', email: 'ann.beside@gate.test' });
    const profileReads: string[] = [];
    intercept((name, input, send) => {
      if (/"sk":"PROFILE"/.test(JSON.stringify(input))) profileReads.push(name);
      return send();
    });
    const reads = READS(customerId);
    const [first, ...rest] = reads;
    expect((await callOf(seller, ...(first as [RouteId, Record<string, string>]))).statusCode).toBe(200);
    expect(profileReads).toHaveLength(1);

    for (const [id, query] of rest) {
      profileReads.length = 0;
      const answer = await callOf(seller, id, query);
      expect(answer.statusCode, `${id}: ${String(answer.body)}`).toBe(200);
      expect(profileReads, `${id} read the profile`).toEqual([]);
    }
  });

  it('a seller without a plan is sent to choose one by each of them, but for the calls open before a plan is chosen', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const customerId = await createCustomer(seller.sellerId, { firstName: 'Ann', lastName: 'Refused', email: 'ann.refused@gate.test' });
    // As if the seller had just signed up: the first call stores a profile with no plan.
    await consultantEntity().delete({ sellerId: seller.sellerId }).go();

    // The reports and the payment history are in groups a seller uses before choosing a plan (OPEN_WITHOUT_PLAN_GROUPS).
    const openWithoutPlan = new Set<RouteId>(['consultant.reports', 'consultant.getCountries', 'consultant.getStates', 'billing.paymentHistory', 'status.version']);
    const refusal = { message: 'Choose a plan to start using Consultant Desk.', redirect: '/signup-package', requiredPlan: 'starter' };
    const missing: [RouteId, Record<string, string>][] = [
      ['customers.getPreviousAddress', { id: 'no-such-customer' }],
      ['customers.getMatchingForMerge', { id: 'no-such-customer' }],
    ];
    for (const [id, query] of [...READS(customerId), ...missing]) {
      const answer = await callOf(seller, id, query);
      if (openWithoutPlan.has(id)) {
        expect(answer.statusCode, `${id}: ${String(answer.body)}`).toBe(200);
        continue;
      }
      expect(answer.statusCode, `${id} ${JSON.stringify(query)}`).toBe(403);
      expect(JSON.parse(String(answer.body))).toEqual(refusal);
    }
    // Asked without what they need, or with what the action refuses, the refusal still comes first (before the 400).
    expect((await callOf(seller, 'orders.parseAddress', { address: 'nowhere' })).statusCode).toBe(403);
    for (const id of ['orders.autocomplete', 'orders.parseAddress', 'customers.getPreviousAddress', 'marketing.recruits'] as const) {
      expect((await callOf(seller, id, {})).statusCode, id).toBe(403);
    }
    expect((await getSellerProfile(seller.sellerId))?.package).toBeUndefined();
  });
});

/**
 * The first screens (homepage, dashboard), an order and the month's usage need the profile too (the name, the
 * counters, the plan): their reads start beside the gate's profile read (readsWithProfile), and the answer is made
 * with the profile once the gate has read it, on every call.
 */
describe('reads that need the profile too, started beside the gate', () => {
  afterEach(restoreFaults);

  const order = (sellerId: string) =>
    createOrder(sellerId, { orderNumber: 'B-1', customerId: 'c', customerName: 'C', orderDate: '2026-11-20T10:00:00.000Z', items: [{ name: 'A', quantity: 1, price: 25 }], subtotal: 25, total: 25 });

  /**
   * Requests in the seller's own partition (not the rate limit's bucket, read before the gate), as they start and
   * end: one event for each key a request names (a BatchGet names several), 'query' for a request that names none.
   */
  function requestEvents() {
    const events: string[] = [];
    intercept(async (_name, input, send) => {
      const sks = [...JSON.stringify(input).matchAll(/"sk":"([^"]+)"/g)].map((m) => m[1] as string);
      const keys = sks.length > 0 ? sks : ['query'];
      if (keys.includes('BUCKET')) return send();
      for (const sk of keys) events.push(`start ${sk}`);
      try {
        return await send();
      } finally {
        for (const sk of keys) events.push(`end ${sk}`);
      }
    });
    return events;
  }

  it("start their reads before the profile's read has answered, and read the profile on every call", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const orderId = await order(seller.sellerId);
    const rewardsSeller = await createTestSeller({ plan: 'growth' });
    const events = requestEvents();
    for (const [who, id, query, read] of [
      [seller, 'consultant.homepage', {}, 'POSTAGE'],
      [seller, 'consultant.dashboard', {}, 'query'],
      [seller, 'orders.get', { id: orderId }, `ORDER#${orderId}`],
      [seller, 'shipping.usage', {}, 'SHIPMENTS#'],
      [seller, 'billing.info', {}, 'BILLING'],
      // Growth routes: their gate reads the profile on every call, beside the read (readsOnly) or the reads.
      [rewardsSeller, 'rewards.getRewardInfo', {}, 'REWARDS#SETTINGS'],
      [rewardsSeller, 'rewards.getSettings', {}, 'REWARDS#SETTINGS'],
      [rewardsSeller, 'rewards.getPreviousRewards', {}, 'query'],
      [rewardsSeller, 'rewards.getGiftsEarnedCount', {}, 'REWARDS#STATS'],
    ] as [typeof seller, RouteId, Record<string, string>, string][]) {
      for (let call = 0; call < 2; call++) {
        events.length = 0;
        const answer = await callOf(who, id, query);
        expect(answer.statusCode, `${id}: ${String(answer.body)}`).toBe(200);
        expect(events.filter((e) => e === 'start PROFILE'), `${id} reads the profile on call ${call + 1}`).toHaveLength(1);
        // `read` begins the key of one of the route's own reads.
        const started = events.findIndex((e) => e.startsWith(`start ${read}`));
        expect(started, `${id} reads ${read}: ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
        expect(started, `${id} starts its read before the profile's has answered: ${events.join(', ')}`).toBeLessThan(events.indexOf('end PROFILE'));
      }
    }
  });

  it("the single items a screen reads and the gate's profile are one table request, on every call", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const orderId = await order(seller.sellerId);
    const rewardsSeller = await createTestSeller({ plan: 'growth' });
    const month = new Date().toISOString().slice(0, 7);
    const requests: { name: string; keys: string[] }[] = [];
    intercept((name, input, send) => {
      const keys = [...JSON.stringify(input).matchAll(/"sk":"(PROFILE|ORDER#[^"]+|POSTAGE|BILLING|REWARDS#SETTINGS|SHIPMENTS#[^"]+)"/g)].map((m) => m[1] as string);
      if (keys.length > 0) requests.push({ name, keys: keys.sort() });
      return send();
    });
    for (const [who, id, query, items] of [
      [seller, 'orders.get', { id: orderId }, [`ORDER#${orderId}`]],
      [seller, 'consultant.homepage', {}, ['POSTAGE', 'REWARDS#SETTINGS']],
      [seller, 'billing.info', {}, ['BILLING']],
      [rewardsSeller, 'rewards.getSettings', {}, ['REWARDS#SETTINGS']],
      [seller, 'consultant.dashboard', {}, [`SHIPMENTS#${month}`]],
      [seller, 'shipping.usage', {}, [`SHIPMENTS#${month}`]],
    ] as [typeof seller, RouteId, Record<string, string>, string[]][]) {
      for (let call = 0; call < 2; call++) {
        requests.length = 0;
        const answer = await callOf(who, id, query);
        expect(answer.statusCode, `${id}: ${String(answer.body)}`).toBe(200);
        expect(requests, `${id}, call ${call + 1}`).toEqual([{ name: 'BatchGetCommand', keys: ['PROFILE', ...items].sort() }]);
      }
    }
  });

  it('answer with the plan as it is now: a plan changed between two calls counts at the second', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const orderId = await order(seller.sellerId);
    const fees = async () => JSON.parse(String((await callOf(seller, 'orders.get', { id: orderId })).body)).fees;
    const usage = async () => JSON.parse(String((await callOf(seller, 'shipping.usage', {})).body));
    const dashboard = async () => JSON.parse(String((await callOf(seller, 'consultant.dashboard', {})).body));
    expect(await fees()).toMatchObject({ plan: 'starter', transactionFeePercent: 7 });
    expect(await usage()).toMatchObject({ plan: 'starter', included: 20 });
    expect(await dashboard()).toMatchObject({ plan: 'starter', shipmentAllowance: 20 });

    await setSellerPlan(seller.sellerId, 'growth');
    expect(await fees()).toMatchObject({ plan: 'growth', transactionFeePercent: 5 });
    expect(await usage()).toMatchObject({ plan: 'growth', included: 500 });
    expect(await dashboard()).toMatchObject({ plan: 'growth', shipmentAllowance: 500 });
  });

  it('a seller without a plan is sent to choose one by the order and the usage, whatever the read found; the homepage and dashboard answer', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const orderId = await order(seller.sellerId);
    await consultantEntity().delete({ sellerId: seller.sellerId }).go();
    const refusal = { message: 'Choose a plan to start using Consultant Desk.', redirect: '/signup-package', requiredPlan: 'starter' };
    for (const [id, query] of [
      ['orders.get', { id: orderId }],
      ['orders.get', { id: 'no-such-order' }],
      ['orders.get', {}],
      ['shipping.usage', {}],
      ['shipping.usage', { month: '2026-13' }],
    ] as [RouteId, Record<string, string>][]) {
      const answer = await callOf(seller, id, query);
      expect(answer.statusCode, `${id} ${JSON.stringify(query)}`).toBe(403);
      expect(JSON.parse(String(answer.body))).toEqual(refusal);
    }
    const dashboard = await callOf(seller, 'consultant.dashboard', {});
    expect(dashboard.statusCode).toBe(200);
    expect(JSON.parse(String(dashboard.body))).toMatchObject({ plan: null, planLabel: 'No plan', shipmentAllowance: 0 });
    expect((await callOf(seller, 'consultant.homepage', {})).statusCode).toBe(200);
  });
});
