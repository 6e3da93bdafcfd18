import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { getCustomer } from '../../functions/data/customers.js';
import { importedOrderId } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { importedOrder } from '../imports/support.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * Edit Order (POST /orders/save with an orderId) against the local cloud: an edit that leaves the lines alone keeps
 * the order's money as stored, whatever discounts run today; an edit of the lines prices it again.
 */

const candle = { id: 'candle', name: 'Soy Candle' };
const SHIP_TO = { name: 'Ada Lovelace', address1: '1 Pine St', city: 'Seattle', state: 'WA', zip: '98101', country: 'US', phone: '206-555-0100' };

let seller: TestSeller;
beforeAll(async () => {
  seller = await createTestSeller({ plan: 'starter' });
});

async function newCustomer() {
  const res = await seller.api('POST', '/customers/save', { body: { firstName: 'Ada', lastName: `Lovelace${Math.random().toString(36).slice(2, 6)}`, country: 'US' } });
  expect(res.status).toBe(200);
  return res.json.customerID as string;
}

type Stored = { orderId: string; customerId: string; items: { name: string; quantity: number; price: number; productId?: string | null; sku?: string | null }[]; shipping: number; tax: number; livestream?: boolean | null; shipTo: Record<string, unknown> };

/** The body Edit Order sends: the order's own lines, shipping and tax, and the ship-to as edited. */
const editBody = (o: Stored, shipTo: Record<string, unknown>) => ({
  orderId: o.orderId,
  customerId: o.customerId,
  items: o.items.map(({ name, quantity, price, productId, sku }) => ({ name, quantity, price, ...(productId ? { productId } : {}), ...(sku ? { sku } : {}) })),
  shipping: o.shipping,
  tax: o.tax,
  livestream: o.livestream ?? false,
  shipTo,
});

const spendOf = async (customerId: string) => (await getCustomer(seller.sellerId, customerId))?.totalSpend ?? 0;
const get = async (orderId: string) => (await seller.api('GET', '/orders/get', { query: { id: orderId } })).json;

/** A $24 order of two candles saved while CANDLE10 runs (-$2.40, $21.60), then CANDLE10 ended. */
async function discountedOrderThenEnded() {
  const discount = await seller.api('POST', '/discounts/save', { body: { name: 'CANDLE10', type: 4, isPercent: true, amount: 10, continuous: true, items: [candle] } });
  expect(discount.status).toBe(200);
  const customerId = await newCustomer();
  const saved = await seller.api('POST', '/orders/save', { body: { customerId, items: [{ productId: 'candle', name: 'Soy Candle', quantity: 2, price: 12 }], shipTo: SHIP_TO } });
  expect(saved.status).toBe(200);
  expect(saved.json).toMatchObject({ subtotal: 24, discount: 2.4, total: 21.6, discounts: [{ name: 'CANDLE10', amount: 2.4 }] });
  expect((await seller.api('POST', '/discounts/end', { body: { discountId: discount.json.discountId } })).status).toBe(200);
  return { order: saved.json as Stored & { total: number }, customerId };
}

describe('Edit Order keeps the money of an order whose lines did not change', () => {
  it('a phone edit after the discount ended keeps the discount, the total, the fee and the customer spend', async () => {
    const { order, customerId } = await discountedOrderThenEnded();
    const spend = await spendOf(customerId);
    const before = await get(order.orderId);

    const edited = await seller.api('POST', '/orders/save', { body: editBody(order, { ...SHIP_TO, phone: '206-555-0199' }) });
    expect(edited.status).toBe(200);
    expect(edited.json.shipTo.phone).toBe('206-555-0199');
    const after = await get(order.orderId);
    expect(after).toMatchObject({ subtotal: 24, discount: 2.4, total: 21.6, discounts: [{ name: 'CANDLE10', amount: 2.4 }] });
    expect(after.items).toEqual(before.items);
    expect(after.fees).toEqual(before.fees);
    expect(await spendOf(customerId)).toBe(spend);
  });

  it("an imported order's platform total and coupon stand after a phone edit", async () => {
    // Shopify #1001: $49.60 of lines and shipping, a $5 coupon in the platform's total of $44.60.
    const imported = importedOrder(1, {
      orderNumber: `#1001-${Math.random().toString(36).slice(2, 6)}`,
      platformOrderId: `SH-EDIT-${Math.random().toString(36).slice(2, 8)}`,
      items: [{ sku: 'CANDLE', name: 'Soy Candle', quantity: 2, price: 22.3 }],
      subtotal: 44.6,
      shipping: 5,
      tax: 0,
      total: 44.6,
    });
    await upsertImportedOrders(seller.sellerId, [imported]);
    const orderId = await importedOrderId(seller.sellerId, imported.source, imported.platformOrderId);
    const before = await get(orderId);
    expect(before.total).toBe(44.6);
    const spend = await spendOf(before.customerId);

    const edited = await seller.api('POST', '/orders/save', { body: editBody(before, { ...before.shipTo, phone: '512-555-0142' }) });
    expect(edited.status).toBe(200);
    const after = await get(orderId);
    expect(after).toMatchObject({ total: 44.6, subtotal: before.subtotal, discount: before.discount, shipping: 5, tax: 0, platform: 'shopify' });
    expect(after.shipTo.phone).toBe('512-555-0142');
    expect(after.fees).toEqual(before.fees);
    expect(await spendOf(before.customerId)).toBe(spend);
  });
});

describe('Edit Order prices an order again when its lines change', () => {
  it('a changed quantity is priced with the discounts running now, and the customer spend follows', async () => {
    const { order, customerId } = await discountedOrderThenEnded();
    const spend = await spendOf(customerId);
    const body = editBody(order, SHIP_TO);
    const edited = await seller.api('POST', '/orders/save', { body: { ...body, items: [{ ...body.items[0]!, quantity: 3 }] } });
    expect(edited.status).toBe(200);
    // CANDLE10 has ended: three candles at $12, no discount.
    expect(edited.json).toMatchObject({ subtotal: 36, discount: 0, total: 36, discounts: [] });
    expect(await spendOf(customerId)).toBeCloseTo(spend + 36 - 21.6, 6);
  });

  it('refuses with 409 and changes nothing when the total the seller was shown is not the one it would save', async () => {
    const { order, customerId } = await discountedOrderThenEnded();
    const spend = await spendOf(customerId);
    const before = await get(order.orderId);
    const body = editBody(order, { ...SHIP_TO, phone: '206-555-0111' });
    // The form showed $32.40 (3 candles, CANDLE10 still running when it read the discounts); the server prices $36.
    const refused = await seller.api('POST', '/orders/save', { body: { ...body, items: [{ ...body.items[0]!, quantity: 3 }], expectedTotal: 32.4 } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MESSAGES.orderTotalChanged);
    expect(await get(order.orderId)).toEqual(before);
    expect(await spendOf(customerId)).toBe(spend);

    // The total shown is the one saved: the edit goes through.
    const agreed = await seller.api('POST', '/orders/save', { body: { ...body, items: [{ ...body.items[0]!, quantity: 3 }], expectedTotal: 36 } });
    expect(agreed.status).toBe(200);
    expect(agreed.json.total).toBe(36);
  });
});
