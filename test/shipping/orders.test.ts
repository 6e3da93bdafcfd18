import { describe, expect, it } from 'vitest';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createTestSeller } from '../support/sellers.js';
import { orderFor } from './support.js';

describe('orders: list, get, save', () => {
  it('save computes totals from the items, ships to the given address, and lists newest first with filters', async () => {
    const seller = await createTestSeller();
    const a = await orderFor(seller);
    expect(a.total).toBe(25);
    const b = await orderFor(seller);
    await seller.api('POST', '/orders/save', { body: { orderId: b.orderId, customerId: b.customerId, items: [{ name: 'Wax Melt', quantity: 1, price: 4.99 }], status: 'pending' } });
    const all = await seller.api('GET', '/orders/list');
    expect(all.status).toBe(200);
    expect(all.json.orders.map((o: { orderId: string }) => o.orderId)).toEqual([b.orderId, a.orderId]);
    const pending = await seller.api('GET', '/orders/list', { query: { status: 'pending' } });
    expect(pending.json.orders).toHaveLength(1);
    expect(pending.json.orders[0]).toMatchObject({ orderId: b.orderId, total: 4.99, platform: 'live' });
    const named = await seller.api('GET', '/orders/list', { query: { q: 'Hopper' } });
    expect(named.json.orders).toHaveLength(2);
    const none = await seller.api('GET', '/orders/list', { query: { q: 'Nobody' } });
    expect(none.json.orders).toEqual([]);
  });

  it('a New Order sent again with its request key (a double click, a retry after a lost answer) is one order', async () => {
    const seller = await createTestSeller();
    const customer = await seller.api('POST', '/customers/save', { body: { firstName: 'Once', lastName: 'Only' } });
    const body = { customerId: customer.json.customerID, items: [{ name: 'Soy Candle', quantity: 2, price: 12.5 }], requestKey: 'order-key-aaaaaaaa' };
    const answers = await Promise.all([0, 1, 2].map(() => seller.api('POST', '/orders/save', { body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const again = await seller.api('POST', '/orders/save', { body });
    const ids = new Set([...answers, again].map((a) => a.json.orderId));
    expect(ids.size).toBe(1);
    const listed = (await seller.api('GET', '/orders/list')).json.orders;
    expect(listed.map((o: { orderId: string }) => o.orderId)).toEqual([...ids]);
    // Counted once: the dashboard's order count and the customer's spend.
    expect((await getSellerProfile(seller.sellerId))?.orderCount).toBe(1);
    expect((await seller.api('GET', '/customers/get', { query: { id: customer.json.customerID } })).json.totalSpend).toBe(25);
    // Another key is another order.
    expect((await seller.api('POST', '/orders/save', { body: { ...body, requestKey: 'order-key-bbbbbbbb' } })).json.orderId).not.toBe([...ids][0]);
  });

  it('refuses a negative price, 3 decimals, no items or an unknown customer with 400, writing nothing', async () => {
    const seller = await createTestSeller();
    const cases = [
      [{ customerId: 'x', items: [{ name: 'A', quantity: 1, price: -1 }] }, 'items.0.price', 'Price cannot be negative.'],
      [{ customerId: 'x', items: [{ name: 'A', quantity: 1, price: 1.005 }] }, 'items.0.price', 'Price can have at most 2 decimals.'],
      [{ customerId: 'x', items: [] }, 'items', 'Add at least one product.'],
      [{ customerId: 'nobody', items: [{ name: 'A', quantity: 1, price: 1 }] }, 'customerId', 'That customer was not found.'],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await seller.api('POST', '/orders/save', { body });
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toBe(message);
    }
    expect((await seller.api('GET', '/orders/list')).json.orders).toEqual([]);
    expect((await seller.api('GET', '/orders/list', { query: { cursor: 'garbage' } })).status).toBe(400);
  });
});
