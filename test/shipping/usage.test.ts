import { firstPickupDate, PICKUP_MAX_PACKAGES, todayUtc } from '../../shared/domain/pickup.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { describe, expect, it } from 'vitest';
import { claimOrderForLabel, getLabel, recordPurchase, shipmentsIn } from '../../functions/data/postage.js';
import { createOrder } from '../../functions/data/orders.js';
import { saveSandboxCard } from '../support/payments.js';
import { orderFor, PARCEL, shippingSeller, shown } from './support.js';

describe('GET /shipping/usage and order fees', () => {
  it('counts bought labels in the month against the plan allowance and shows the plan fees', async () => {
    const seller = await shippingSeller(10_000, 'growth');
    for (const key of ['usage-key-0001', 'usage-key-0002']) {
      const order = await orderFor(seller);
      const res = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: key } });
      expect(res.status).toBe(200);
    }
    const usage = await seller.api('GET', '/shipping/usage');
    expect(usage.json).toMatchObject({ plan: 'growth', shipments: 2, included: 500, remaining: 498, overageCents: 0, transactionFeePercent: 5 });
    const order = await orderFor(seller);
    const got = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(got.json.fees).toEqual({ plan: 'growth', transactionFeePercent: 5, transactionFeeCents: 125, currency: 'USD' });
    expect((await seller.api('GET', '/shipping/usage', { query: { month: '2026-13' } })).status).toBe(400);
  });

  it('a label at 23:59:59 UTC on the last day counts in that month, one a second later in the next; 21 on starter opens a $10 block', async () => {
    const seller = await shippingSeller(1_000_000);
    const buyAt = async (at: string, i: number) => {
      const orderId = await createOrder(seller.sellerId, {
        orderNumber: `U-${i}`,
        customerId: 'c',
        customerName: 'C',
        orderDate: at,
        items: [{ name: 'A', quantity: 1, price: 1 }],
        subtotal: 1,
        total: 1,
      });
      // As a purchase does: the order is claimed for the label before it is recorded.
      const labelId = `${seller.sellerId}-${i}`;
      expect(await claimOrderForLabel(seller.sellerId, orderId, labelId, new Date(Date.now() + 60_000))).toBe(true);
      const outcome = await recordPurchase(
        seller.sellerId,
        { labelId, orderId, service: 'usps_priority', serviceName: 'Priority Mail', carrier: 'USPS', trackingNumber: `T${i}`, carrierLabelId: `c${i}`, amountCents: 100, weightOz: 8, s3Key: 'k' },
        new Date(at),
      );
      // The label as written, dated at the purchase: what the caller answers with, without reading it back.
      expect(outcome).toMatchObject({ ok: true, label: { labelId, orderId, status: 'bought', createdAt: at } });
      expect(outcome.ok && outcome.label).toEqual(await getLabel(seller.sellerId, labelId).then((l) => l && { ...l, updatedAt: at }));
    };
    for (let i = 0; i < 21; i++) await buyAt('2026-01-31T23:59:59.000Z', i);
    await buyAt('2026-02-01T00:00:00.000Z', 99);
    expect(await shipmentsIn(seller.sellerId, '2026-01')).toBe(21);
    expect(await shipmentsIn(seller.sellerId, '2026-02')).toBe(1);
    const jan = await seller.api('GET', '/shipping/usage', { query: { month: '2026-01' } });
    expect(jan.json).toMatchObject({ plan: 'starter', shipments: 21, included: 20, remaining: 0, extraBlocks: 1, overageCents: 1000, transactionFeePercent: 7 });
    const feb = await seller.api('GET', '/shipping/usage', { query: { month: '2026-02' } });
    expect(feb.json).toMatchObject({ shipments: 1, remaining: 19, overageCents: 0 });
  });
});

describe('POST /shipping/requestPickup', () => {
  it('books a pickup from tomorrow on and answers a confirmation number; refuses today and 0 packages', async () => {
    const seller = await shippingSeller(0);
    // The first day USPS picks up (no Sunday, no federal holiday), from tomorrow on.
    const tomorrow = firstPickupDate(todayUtc());
    const ok = await seller.api('POST', '/shipping/requestPickup', { body: { date: tomorrow, location: 'Front Door', packageCount: 3 } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ date: tomorrow, location: 'Front Door', packageCount: 3 });
    expect(ok.json.confirmationNumber).toMatch(/^WTC\d{9}$/);
    const today = new Date().toISOString().slice(0, 10);
    const bad = await seller.api('POST', '/shipping/requestPickup', { body: { date: today, location: 'Front Door', packageCount: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.packageCount).toBe(MESSAGES.pickupPackages(String(PICKUP_MAX_PACKAGES)));
    const past = await seller.api('POST', '/shipping/requestPickup', { body: { date: today, location: 'Front Door', packageCount: 1 } });
    expect(past.json.errors.date).toBe('Choose a pickup date from tomorrow on.');
  });
});

describe('shipment overage through the payment gateway', () => {
  it('the 21st label of the month on starter charges one $10 block, once, recorded in the payment history', async () => {
    const seller = await shippingSeller(100_000);
    await saveSandboxCard(seller);
    const { createOrder: create } = await import('../../functions/data/orders.js');
    const shipTo = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
    for (let i = 0; i < 22; i++) {
      const orderId = await create(seller.sellerId, { orderNumber: `O-${i}`, customerId: 'c', customerName: 'Ada', orderDate: new Date().toISOString(), items: [{ name: 'A', quantity: 1, price: 1 }], subtotal: 1, total: 1, shipTo });
      const res = await seller.api('POST', '/shipping/buyLabel', { body: { orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage', PARCEL, '80202'), idempotencyKey: `overage-${i}-key` } });
      expect(res.status).toBe(200);
    }
    const history = (await seller.api('GET', '/payment/history')).json.charges.filter((c: { description: string }) => c.description.startsWith('Extra shipments'));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amountCents: 1000, status: 'succeeded' });
    expect((await seller.api('GET', '/shipping/usage')).json).toMatchObject({ shipments: 22, overageCents: 1000, extraBlocks: 1 });
  }, 60_000);
});
