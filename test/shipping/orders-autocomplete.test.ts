import { describe, expect, it } from 'vitest';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/** Order pickers (`/orders/autocomplete?search`) and the walkthrough flag (`/orders/closeWalktrhough`). */

async function orderOf(seller: TestSeller, firstName: string, lastName: string) {
  const customer = await seller.api('POST', '/customers/save', { body: { firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase(), country: 'US' } });
  expect(customer.status).toBe(200);
  const order = await seller.api('POST', '/orders/save', {
    body: { customerId: customer.json.customerID, items: [{ name: 'Soy Candle', sku: 'CND-LAV', quantity: 1, price: 24 }] },
  });
  expect(order.status).toBe(200);
  return order.json as { orderId: string; orderNumber: string; customerName: string };
}

type Picked = { orderId: string; orderNumber: string; customerName: string; total: number; status: string };
const picked = (res: { json: { orders: Picked[] } }) => res.json.orders.map((o) => o.orderId);

describe('GET /orders/autocomplete', () => {
  it('finds orders by the start of the order number (with or without #) or by the customer, newest first, each once', async () => {
    const seller = await createTestSeller();
    const ada = await orderOf(seller, 'Ada', 'Lovelace');
    const ada2 = await orderOf(seller, 'Ada', 'Lovelace');
    const alan = await orderOf(seller, 'Alan', 'Turing');

    const byName = await seller.api('GET', '/orders/autocomplete', { query: { search: 'lovel' } });
    expect(byName.status).toBe(200);
    expect(picked(byName)).toEqual([ada2.orderId, ada.orderId]);
    expect(byName.json.orders[0]).toMatchObject({ orderNumber: ada2.orderNumber, customerName: 'Ada Lovelace', total: 24, status: 'unshipped' });
    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: 'ALAN' } }))).toEqual([alan.orderId]);
    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: 'alan.turing@' } }))).toEqual([alan.orderId]);

    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: alan.orderNumber } }))).toEqual([alan.orderId]);
    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: `#${alan.orderNumber.toLowerCase()}` } }))).toEqual([alan.orderId]);
    // Every order number of a live sale starts with LS-: all three, each once.
    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: 'ls-' } })).sort()).toEqual([ada.orderId, ada2.orderId, alan.orderId].sort());
    expect((await seller.api('GET', '/orders/autocomplete', { query: { search: 'nobody' } })).json.orders).toEqual([]);
  });

  it("never lists another seller's orders", async () => {
    const [seller, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    const mine = await orderOf(seller, 'Grace', 'Hopper');
    await orderOf(other, 'Grace', 'Hopper');
    expect(picked(await seller.api('GET', '/orders/autocomplete', { query: { search: 'hopper' } }))).toEqual([mine.orderId]);
    expect(picked(await other.api('GET', '/orders/autocomplete', { query: { search: mine.orderNumber } }))).not.toContain(mine.orderId);
  });

  it('refuses a search shorter than 2 characters, or none, with 400', async () => {
    const seller = await createTestSeller();
    const short = await seller.api('GET', '/orders/autocomplete', { query: { search: 'a' } });
    expect(short.status).toBe(400);
    expect(short.json.errors.search).toBe('Type at least 2 characters to search.');
    expect((await seller.api('GET', '/orders/autocomplete')).status).toBe(400);
  });
});

describe('POST /orders/closeWalktrhough', () => {
  it('marks the walkthrough closed on the profile, for that seller only, and a repeat keeps it closed', async () => {
    const [seller, other] = await Promise.all([createTestSeller(), createTestSeller()]);
    const closed = async (s: TestSeller) => (await s.api('GET', '/consultant/getconsultantinfo')).json.walkthroughClosed;
    expect(await closed(seller)).toBe(false);
    const res = await seller.api('POST', '/orders/closeWalktrhough');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(await closed(seller)).toBe(true);
    expect((await seller.api('POST', '/orders/closeWalktrhough')).status).toBe(200);
    expect(await closed(seller)).toBe(true);
    expect(await closed(other)).toBe(false);
  });
});
