import { describe, expect, it } from 'vitest';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { usDay } from '../../shared/domain/rewards.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { orderFor, PARCEL, shippingSeller, shown } from '../shipping/support.js';

const today = () => new Date().toISOString().slice(0, 10);

async function reportOf(seller: TestSeller, from = today(), to = today()) {
  const res = await seller.api('GET', '/consultant/reports', { query: { from, to } });
  expect(res.status).toBe(200);
  return res.json;
}
const unshipped = async (seller: TestSeller) => (await seller.api('GET', '/consultant/homepage')).json.unshippedOrders as number;

describe('report aggregates kept as orders change', () => {
  it('an order created, edited and cancelled moves the day, customer, product figures and the unshipped count', async () => {
    const seller = await createTestSeller();
    const a = await orderFor(seller); // 2 x Soy Candle at 12.50
    const b = await orderFor(seller);
    let r = await reportOf(seller);
    expect(r.totals).toMatchObject({ orders: 2, salesCents: 5000 });
    expect(r.days).toEqual([expect.objectContaining({ day: today(), orders: 2, salesCents: 5000 })]);
    expect(r.topCustomers).toHaveLength(2);
    expect(r.topCustomers[0]).toMatchObject({ orders: 1, salesCents: 2500 });
    expect(r.topProducts).toEqual([expect.objectContaining({ name: 'Soy Candle', quantity: 4, salesCents: 5000 })]);
    expect(await unshipped(seller)).toBe(2);

    const edit = await seller.api('POST', '/orders/save', {
      body: { orderId: b.orderId, customerId: b.customerId, items: [{ name: 'Wax Melt', quantity: 3, price: 4.99 }] },
    });
    expect(edit.status).toBe(200);
    r = await reportOf(seller);
    expect(r.totals).toMatchObject({ orders: 2, salesCents: 2500 + 1497 });
    expect(r.topProducts.map((p: { name: string; quantity: number }) => [p.name, p.quantity])).toEqual([
      ['Wax Melt', 3],
      ['Soy Candle', 2],
    ]);

    await seller.api('POST', '/orders/save', {
      body: { orderId: b.orderId, customerId: b.customerId, items: [{ name: 'Wax Melt', quantity: 3, price: 4.99 }], status: 'cancelled' },
    });
    r = await reportOf(seller);
    expect(r.totals).toMatchObject({ orders: 1, salesCents: 2500 });
    expect(r.topCustomers).toEqual([expect.objectContaining({ customerId: a.customerId, orders: 1, salesCents: 2500 })]);
    expect(r.topProducts).toEqual([expect.objectContaining({ name: 'Soy Candle', quantity: 2 })]);
    expect(await unshipped(seller)).toBe(1);

    // Another range reads nothing of today.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await reportOf(seller, yesterday, yesterday)).days).toEqual([]);
  });

  it('a label bought adds a shipment and its postage by carrier and service and ships the order; a void takes them back', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const bought = await seller.api('POST', '/shipping/buyLabel', {
      body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'report-label-0001' },
    });
    expect(bought.status).toBe(200);
    const cost = bought.json.amountCents as number;
    // A replay of the purchase adds nothing.
    await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'report-label-0001' } });
    let r = await reportOf(seller);
    expect(r.totals).toMatchObject({ orders: 1, salesCents: 2500, shipments: 1, postageCents: cost });
    expect(r.shipping).toEqual([{ carrier: 'USPS', service: 'Priority Mail', shipments: 1, postageCents: cost }]);
    expect(await unshipped(seller)).toBe(0);
    const dash = (await seller.api('GET', '/consultant/dashboard')).json;
    expect(dash.thisMonth).toMatchObject({ orders: 1, salesCents: 2500, shipments: 1, postageCents: cost });
    expect(dash.shipmentAllowance).toBe(20);
    expect(dash.shipmentsCounted).toBe(1);

    const voided = await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } });
    expect(voided.status).toBe(200);
    await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } });
    r = await reportOf(seller);
    expect(r.totals).toMatchObject({ shipments: 0, postageCents: 0, orders: 1 });
    expect(r.shipping).toEqual([]);
    expect(await unshipped(seller)).toBe(1);
    // The allowance still counts the voided label (the carrier counted it), and the dashboard says what /orders says.
    const after = (await seller.api('GET', '/consultant/dashboard')).json;
    const usage = (await seller.api('GET', '/shipping/usage')).json;
    expect(after.thisMonth).toMatchObject({ shipments: 0, postageCents: 0 });
    expect(usage.shipments).toBe(1);
    expect(after.shipmentsCounted).toBe(usage.shipments);
  });

  it('an import counts each order once however often it comes, and follows a cancellation on the platform', async () => {
    const seller = await createTestSeller();
    const day = '2026-02-03';
    const imported = (n: number, status: ImportedOrder['status'] = 'unshipped'): ImportedOrder => ({
      source: 'csv',
      platformOrderId: `R-${n}`,
      orderNumber: `R-${n}`,
      orderDate: `${day}T12:00:00.000Z`,
      status,
      customer: { firstName: 'Ivy', lastName: `Reports${n}`, email: `ivy${n}@example.com` },
      items: [{ name: 'Bath Bomb', quantity: n, price: 5, sku: 'BB-1' }],
      subtotal: 5 * n,
      shipping: 0,
      tax: 0,
      total: 5 * n,
    });
    await upsertImportedOrders(seller.sellerId, [imported(1), imported(2)]);
    await upsertImportedOrders(seller.sellerId, [imported(1), imported(2)]);
    let r = await reportOf(seller, '2026-02-01', '2026-02-28');
    expect(r.totals).toMatchObject({ orders: 2, salesCents: 1500 });
    expect(r.topCustomers.map((c: { name: string }) => c.name)).toEqual(['Ivy Reports2', 'Ivy Reports1']);
    expect(r.topProducts).toEqual([expect.objectContaining({ key: 'sku:bb-1', quantity: 3, orders: 2 })]);

    await upsertImportedOrders(seller.sellerId, [imported(2, 'cancelled')]);
    r = await reportOf(seller, '2026-02-01', '2026-02-28');
    expect(r.totals).toMatchObject({ orders: 1, salesCents: 500 });
    expect(await unshipped(seller)).toBe(1);
  });

  it('counts rewards earned as an order reaches the goal (and back when it is cancelled), and each redeem once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const program = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: usDay(today()), goalCount: 3, goalType: 'items', rewardText: 'A free candle' },
    });
    expect(program.status).toBe(200);
    const customer = await seller.api('POST', '/customers/save', { body: { firstName: 'Rita', lastName: 'Rewards', country: 'US' } });
    const items = [{ name: 'Soy Candle', quantity: 3, price: 10 }];
    const first = await seller.api('POST', '/orders/save', { body: { customerId: customer.json.customerID, items } });
    const second = await seller.api('POST', '/orders/save', { body: { customerId: customer.json.customerID, items } });
    expect((await reportOf(seller)).totals).toMatchObject({ rewardsEarned: 2, rewardsRedeemed: 0 });

    await seller.api('POST', '/orders/save', { body: { orderId: second.json.orderId, customerId: customer.json.customerID, items, status: 'cancelled' } });
    expect((await reportOf(seller)).totals).toMatchObject({ rewardsEarned: 1 });

    const redeem = { customerID: customer.json.customerID, requestKey: 'report-redeem-0001' };
    expect((await seller.api('POST', '/rewards/redeemreward', { body: redeem })).status).toBe(200);
    expect((await seller.api('POST', '/rewards/redeemreward', { body: redeem })).status).toBe(200);
    expect((await reportOf(seller)).totals).toMatchObject({ rewardsEarned: 1, rewardsRedeemed: 1 });
    expect(first.status).toBe(200);
  });

  it('refuses a range that ends before it starts or spans more than a year', async () => {
    const seller = await createTestSeller();
    const backwards = await seller.api('GET', '/consultant/reports', { query: { from: '2026-03-02', to: '2026-03-01' } });
    expect(backwards.status).toBe(400);
    const long = await seller.api('GET', '/consultant/reports', { query: { from: '2024-01-01', to: '2026-01-01' } });
    expect(long.status).toBe(400);
    const notADay = await seller.api('GET', '/consultant/reports', { query: { from: '2026-02-30', to: '2026-03-01' } });
    expect(notADay.status).toBe(400);
  });
});
