import { afterEach, describe, expect, it } from 'vitest';
import { createCustomer } from '../../functions/data/customers.js';
import { consultantEntity } from '../../functions/data/entities.js';
import { getSellerProfile, setSellerPlan } from '../../functions/data/sellers.js';
import { handler } from '../../functions/http/customers.js';
import { handler as ordersHandler } from '../../functions/http/orders.js';
import { httpHandler, readsOnly } from '../../functions/http/http-handler.js';
import { route } from '../../shared/api/routes/define.js';
import { intercept, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * The customers group's reads start beside the plan gate's profile read (readsOnly in functions/http/http-handler.ts).
 * What the gate refuses must answer as if the read had never started: the refusal, never the customer, a 404 or a 400.
 */
describe('customer reads started beside the plan gate', () => {
  afterEach(restoreFaults);

  /** The table requests that name the profile or a customer, while the test runs. */
  function requestsOfProfileAndCustomers() {
    const requests: { name: string; keys: string[] }[] = [];
    intercept((name, input, send) => {
      const keys = JSON.stringify(input).match(/"sk":"(PROFILE|CUSTOMER#[^"]+)"/g) ?? [];
      if (keys.length > 0) requests.push({ name, keys: keys.map((k) => k.slice(6, -1)) });
      return send();
    });
    return requests;
  }

  it("the gate's profile read and the customer read are one table request; once the seller is known to hold a plan, the customer's read alone", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'One', lastName: 'Request', email: 'one.request@customers.test' } });
    const id = (saved.json as { customerID: string }).customerID;
    const requests = requestsOfProfileAndCustomers();
    const get = () => callInProcess(handler, seller, 'GET', `/customers/get?id=${encodeURIComponent(id)}`);
    const answer = await get();
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(String(answer.body))).toMatchObject({ customerID: id, firstName: 'One' });
    expect(requests).toEqual([{ name: 'BatchGetCommand', keys: ['PROFILE', `CUSTOMER#${id}`] }]);

    requests.length = 0;
    const again = await get();
    expect(again.statusCode).toBe(200);
    expect(JSON.parse(String(again.body))).toMatchObject({ customerID: id, firstName: 'One' });
    expect(requests).toEqual([{ name: 'GetCommand', keys: [`CUSTOMER#${id}`] }]);
  });

  it('a seller without a plan is refused on every call, and admitted once it has chosen one', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const id = await createCustomer(seller.sellerId, { firstName: 'Not', lastName: 'Yet', email: 'not.yet@customers.test' });
    // As if the seller had just signed up: the first call stores a profile with no plan.
    await consultantEntity().delete({ sellerId: seller.sellerId }).go();
    const get = () => callInProcess(handler, seller, 'GET', `/customers/get?id=${encodeURIComponent(id)}`);
    for (let call = 0; call < 2; call++) expect((await get()).statusCode).toBe(403);

    await setSellerPlan(seller.sellerId, 'starter');
    const requests = requestsOfProfileAndCustomers();
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expect(requests.map((r) => r.name)).toEqual(['BatchGetCommand', 'GetCommand']);
  });

  it("the orders page and a customer's orders read the profile only on a container's first call of the seller", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const id = await createCustomer(seller.sellerId, { firstName: 'Order', lastName: 'History', email: 'order.history@customers.test' });
    const requests = requestsOfProfileAndCustomers();
    const calls = [
      () => callInProcess(ordersHandler, seller, 'GET', '/orders/list'),
      () => callInProcess(handler, seller, 'GET', `/customers/listOrders?customerID=${encodeURIComponent(id)}`),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(200);
    expect(requests.filter((r) => r.keys.includes('PROFILE'))).toHaveLength(1);
    requests.length = 0;
    for (const call of calls) expect((await call()).statusCode).toBe(200);
    expect(requests.flatMap((r) => r.keys)).not.toContain('PROFILE');
  });

  it("a read of a higher plan's route reads the plan on every call: a downgrade counts at once", async () => {
    const probe = route('customers.probe', 'GET', '/customers/probe', 'customers', { minPlan: 'growth' });
    const probeHandler = httpHandler('customers', [probe], { 'customers.probe': readsOnly(async ({ sellerId }) => ({ sellerId })) });
    const seller = await createTestSeller({ plan: 'growth' });
    const call = () => callInProcess(probeHandler, seller, 'GET', '/customers/probe');
    for (let i = 0; i < 2; i++) expect((await call()).statusCode).toBe(200);
    await setSellerPlan(seller.sellerId, 'starter');
    const refused = await call();
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(String(refused.body))).toMatchObject({ requiredPlan: 'growth' });
  });

  it('a seller without a plan is sent to choose one, whatever the read found or was asked', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const id = await createCustomer(seller.sellerId, { firstName: 'Gate', lastName: 'Kept', email: 'gate.kept@customers.test' });
    // As if the seller had just signed up, before any call: the next call stores a profile with no plan.
    await consultantEntity().delete({ sellerId: seller.sellerId }).go();

    const refusal = { message: 'Choose a plan to start using Consultant Desk.', redirect: '/signup-package', requiredPlan: 'starter' };
    for (const [path, query] of [
      ['/customers/get', { id }],
      ['/customers/get', { id: 'no-such-customer' }],
      ['/customers/get', {}],
      ['/customers/list', {}],
      ['/customers/search', { q: 'gate' }],
      ['/customers/listOrders', { customerID: id }],
      ['/customers/listOrders', {}],
      ['/orders/list', {}],
      ['/orders/list', { status: 'no-such-status' }],
    ] as const) {
      const res = await seller.api('GET', path, { query });
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(403);
      expect(res.json).toEqual(refusal);
    }
    expect((await getSellerProfile(seller.sellerId))?.package).toBeUndefined();
  });

  it('a seller on a plan gets the customer, a 404 for a missing one and a 400 for a missing id', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Open', lastName: 'Door', email: 'open.door@customers.test' } });
    const id = (saved.json as { customerID: string }).customerID;

    const got = await seller.api('GET', '/customers/get', { query: { id } });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ customerID: id, firstName: 'Open', lastName: 'Door' });
    expect((await seller.api('GET', '/customers/get', { query: { id: 'no-such-customer' } })).status).toBe(404);
    expect((await seller.api('GET', '/customers/get', { query: {} })).status).toBe(400);
    const found = await seller.api('GET', '/customers/search', { query: { q: 'open' } });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.json)).toContain(id);
  });
});
