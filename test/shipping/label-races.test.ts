import { describe, expect, it } from 'vitest';
import { creditPostage, getLabel } from '../../functions/data/postage.js';
import { ratesFor } from '../../functions/domain/rates.js';
import { labelIdOf } from '../../functions/shipping/labels.js';
import { saveSandboxCard } from '../support/payments.js';
import { balanceOf, orderFor, PARCEL, shippingSeller, shown } from './support.js';

/**
 * Money and labels under parallel requests (issue 13): one live label per order whatever arrives at once, a
 * repeated key always answered with the first result, and a recharge decided from the balance after the debit.
 */
const PARALLEL = 20;
const GROUND = ratesFor('78701', '98101', PARCEL).find((r) => r.service === 'usps_ground_advantage')!.amountCents;

describe('parallel label purchases', () => {
  it('buys one label for an order however many purchases with different keys arrive at once', async () => {
    const seller = await shippingSeller(50_000);
    const order = await orderFor(seller);
    const keys = Array.from({ length: PARALLEL }, (_, i) => `race-key-${i}`);
    const answers = await Promise.all(
      keys.map((idempotencyKey) =>
        seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey } }),
      ),
    );
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.message)).toEqual(
      Array(PARALLEL - 1).fill('This order already has a label. Void it before buying another.'),
    );
    expect(await balanceOf(seller)).toBe(50_000 - GROUND);
    const labels = await Promise.all(keys.map((k) => getLabel(seller.sellerId, labelIdOf(seller.sellerId, k), { consistent: true })));
    expect(labels.filter(Boolean).map((l) => l!.labelId)).toEqual([bought[0]!.json.labelId]);

    const voided = await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought[0]!.json.labelId } });
    expect(voided.json.status).toBe('voided');
    expect(await balanceOf(seller)).toBe(50_000);
    const after = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(after.json).toMatchObject({ status: 'unshipped' });
    expect(after.json.labelId).toBeUndefined();
    // The order may be shipped again after the void.
    const again = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: 'after-void' } });
    expect(again.status).toBe(200);
  });

  it('answers every retry of one key with the first label, never 409, and debits once', async () => {
    const seller = await shippingSeller(50_000);
    const order = await orderFor(seller);
    const body = { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: 'same-key-raced' };
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => seller.api('POST', '/shipping/buyLabel', { body })));
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(answers.map((a) => a.json.labelId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.trackingNumber)).size).toBe(1);
    expect(await balanceOf(seller)).toBe(50_000 - GROUND);
  });

  it('a purchase that fails after claiming the order releases it: the next purchase of it goes through', async () => {
    const seller = await shippingSeller(100);
    const order = await orderFor(seller);
    const body = { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage') };
    // No saved card to recharge from: refused for money after the order was claimed.
    const refused = await seller.api('POST', '/shipping/buyLabel', { body: { ...body, idempotencyKey: 'no-money-yet' } });
    expect(refused.status).toBe(402);
    await creditPostage(seller.sellerId, 5_000);
    const ok = await seller.api('POST', '/shipping/buyLabel', { body: { ...body, idempotencyKey: 'money-now-1' } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  });
});

describe('auto-recharge under parallel purchases', () => {
  it('recharges from the balance after the debit: parallel purchases near the threshold all succeed and leave it at or above it', async () => {
    const seller = await shippingSeller(1_500);
    await saveSandboxCard(seller);
    const orders = await Promise.all(Array.from({ length: PARALLEL }, () => orderFor(seller)));
    const answers = await Promise.all(
      orders.map((o, i) =>
        seller.api('POST', '/shipping/buyLabel', { body: { orderId: o.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: `near-threshold-${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.json.message}`)).toEqual([]);
    const history = (await seller.api('GET', '/payment/history')).json.charges as { description: string; amountCents: number; status: string }[];
    const recharges = history.filter((c) => c.description === 'Postage auto-recharge' && c.status === 'succeeded');
    const balance = await balanceOf(seller);
    // Every recharge charged was credited once, and the last debit's balance was topped up.
    expect(balance).toBe(1_500 + recharges.length * 2_500 - PARALLEL * GROUND);
    expect(balance).toBeGreaterThanOrEqual(1_000);
  });
});
