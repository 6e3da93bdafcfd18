import { PDFDocument } from 'pdf-lib';
import { pageText } from './pdf-text.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { ratesFor } from '../../functions/domain/rates.js';
import { sandboxToken, saveSandboxCard } from '../support/payments.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { balanceOf, orderFor, PARCEL, shippingSeller, shown } from './support.js';

/** Quote, buy, void and download against the local cloud (gateway, DynamoDB Local, S3 emulator). */

describe('POST /shipping/quote', () => {
  let seller: TestSeller;
  beforeAll(async () => {
    seller = await createTestSeller();
  });

  it('compares the six services for a parcel, cheapest first, priced by zone and weight', async () => {
    const res = await seller.api('POST', '/shipping/quote', { body: { fromZip: '78701', toZip: '98101', parcel: PARCEL } });
    expect(res.status).toBe(200);
    const names = res.json.rates.map((r: { name: string }) => r.name);
    expect(names).toHaveLength(6);
    expect(names).toEqual(expect.arrayContaining(['USPS Ground Advantage', 'Priority Mail', 'Priority Mail Express', 'UPS Ground', 'UPS 3 Day Select', 'UPS 2nd Day Air']));
    const amounts = res.json.rates.map((r: { amountCents: number }) => r.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const near = await seller.api('POST', '/shipping/quote', { body: { fromZip: '78701', toZip: '78702', parcel: PARCEL } });
    const heavy = await seller.api('POST', '/shipping/quote', { body: { fromZip: '78701', toZip: '98101', parcel: { ...PARCEL, weightOz: 80 } } });
    const ground = (r: { json: { rates: { service: string; amountCents: number; zone: number }[] } }) => r.json.rates.find((x) => x.service === 'usps_ground_advantage')!;
    expect(ground(near).zone).toBe(1);
    expect(ground(res).zone).toBeGreaterThan(ground(near).zone);
    expect(ground(res).amountCents).toBeGreaterThan(ground(near).amountCents);
    expect(ground(heavy).amountCents).toBeGreaterThan(ground(res).amountCents);
  });

  it('refuses a bad ZIP or no weight with 400 and the field', async () => {
    const res = await seller.api('POST', '/shipping/quote', { body: { fromZip: '787', toZip: '98101', parcel: { weightOz: 0 } } });
    expect(res.status).toBe(400);
    expect(res.json.errors.fromZip).toBe('ZIP must be 5 digits (or ZIP+4).');
    expect(res.json.errors['parcel.weightOz']).toBe('Weight must be more than 0.');
  });
});

describe('POST /shipping/buyLabel and /shipping/voidLabel', () => {
  it('buys a label: the balance is debited by the rate, the order shipped with tracking, the PDF is one 4x6 page', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const price = ratesFor('78701', '98101', PARCEL).find((r) => r.service === 'usps_priority')!.amountCents;
    const res = await seller.api('POST', '/shipping/buyLabel', {
      body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'buy-one-label-1' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ orderId: order.orderId, amountCents: price, status: 'bought', serviceName: 'Priority Mail', replayed: false });
    expect(res.json.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(await balanceOf(seller)).toBe(10_000 - price);
    const shipped = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(shipped.json).toMatchObject({ status: 'shipped', trackingNumber: res.json.trackingNumber, carrier: 'USPS' });

    const file = await fetch(`${process.env.TEST_API_URL}/shipping/label?id=${res.json.labelId}`, { headers: { authorization: `Bearer ${seller.idToken}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(pdf.getTitle()).toBe(`Label ${res.json.trackingNumber}`);
    expect(pageText(pdf)).toContain(`TRACKING # ${res.json.trackingNumber}`);
  });

  it('a retried buy with the same key buys once and debits once, even when the retries race', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const body = { orderId: order.orderId, service: 'ups_ground', parcel: PARCEL, amountCents: shown('ups_ground'), idempotencyKey: 'retry-key-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => seller.api('POST', '/shipping/buyLabel', { body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.labelId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.trackingNumber)).size).toBe(1);
    const again = await seller.api('POST', '/shipping/buyLabel', { body });
    expect(again.json.replayed).toBe(true);
    expect(await balanceOf(seller)).toBe(10_000 - answers[0]!.json.amountCents);
  });

  it('a second label for a shipped order with a new key is refused (409), nothing debited', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const first = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'first-key-01' } });
    const second = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'second-key-02' } });
    expect(second.status).toBe(409);
    expect(await balanceOf(seller)).toBe(10_000 - first.json.amountCents);
  });

  it('void refunds the balance once and puts the order back to unshipped', async () => {
    const seller = await shippingSeller(5_000);
    const order = await orderFor(seller);
    const bought = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: 'void-me-0001' } });
    expect(await balanceOf(seller)).toBe(5_000 - bought.json.amountCents);
    const voided = await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } });
    expect(voided.status).toBe(200);
    expect(voided.json).toMatchObject({ status: 'voided', refundedCents: bought.json.amountCents });
    const twice = await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } });
    expect(twice.json.refundedCents).toBe(0);
    expect(await balanceOf(seller)).toBe(5_000);
    const back = await seller.api('GET', '/orders/get', { query: { id: order.orderId } });
    expect(back.json.status).toBe('unshipped');
    expect(back.json.trackingNumber).toBeUndefined();

    // The voided label's key buys nothing and hands back nothing; a new purchase buys a new label.
    const again = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: 'void-me-0001' } });
    expect([again.status, again.json.message]).toEqual([409, 'That label was voided. Get rates again to buy a new one.']);
    expect(await balanceOf(seller)).toBe(5_000);
    const fresh = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, amountCents: shown('usps_ground_advantage'), idempotencyKey: 'void-me-0002' } });
    expect(fresh.status).toBe(200);
    expect(fresh.json.trackingNumber).not.toBe(bought.json.trackingNumber);
    expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json).toMatchObject({ status: 'shipped', trackingNumber: fresh.json.trackingNumber });
  });

  it('never lets the balance go below zero: with no saved card to recharge, a label costing more than the balance is refused with 402', async () => {
    const seller = await shippingSeller(500);
    const order = await orderFor(seller);
    const res = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority_express', parcel: PARCEL, amountCents: shown('usps_priority_express'), idempotencyKey: 'too-dear-001' } });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe('Your postage balance is too low for this label. No saved payment method. Add one under Billing.');
    expect(await balanceOf(seller)).toBe(500);
    expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.status).toBe('unshipped');
  });

  it('checks the ship-to address (ZIP in the wrong state) unless the seller overrides it', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller, { name: 'Bad Zip', address1: '1 Elm St', city: 'Austin', state: 'TX', zip: '10001' });
    const body = { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority', PARCEL, '10001'), idempotencyKey: 'bad-address-1' };
    const refused = await seller.api('POST', '/shipping/buyLabel', { body });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.zip).toBe('ZIP 10001 is not in TX.');
    expect(await balanceOf(seller)).toBe(10_000);
    const overridden = await seller.api('POST', '/shipping/buyLabel', { body: { ...body, overrideAddress: true } });
    expect(overridden.status).toBe(200);
  });

  it("another seller's label and order are 404", async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const bought = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'mine-only-01' } });
    const other = await shippingSeller(10_000);
    expect((await other.api('GET', '/shipping/label', { query: { id: bought.json.labelId } })).status).toBe(404);
    expect((await other.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } })).status).toBe(404);
    expect((await other.api('GET', '/orders/get', { query: { id: order.orderId } })).status).toBe(404);
    expect((await other.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'mine-only-01' } })).status).toBe(404);
  });

  it('postage off (recharge amount 0) refuses labels with the postage-off warning', async () => {
    const seller = await shippingSeller(10_000);
    const saved = await seller.api('POST', '/payment', {
      body: { token: sandboxToken('success'), plan: 'starter', zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 0 },
    });
    expect(saved.status).toBe(200);
    const balance = await seller.api('GET', '/shipping/balance');
    expect(balance.json).toMatchObject({ postageOff: true, autoRechargeCents: 0 });
    const order = await orderFor(seller);
    const res = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'postage-off-1' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(balance.json.warning);
  });
});

describe('postage auto-recharge through the payment gateway', () => {
  const recharges = async (seller: TestSeller) =>
    (await seller.api('GET', '/payment/history')).json.charges.filter((c: { description: string }) => c.description === 'Postage auto-recharge');
  const PRIORITY = ratesFor('78701', '98101', PARCEL).find((r) => r.service === 'usps_priority')!.amountCents;

  it('recharges from the balance after each debit, once per recharge however many purchases race on it', async () => {
    const seller = await shippingSeller(1_500);
    await saveSandboxCard(seller);
    const orders = await Promise.all([1, 2, 3].map(() => orderFor(seller)));
    const answers = await Promise.all(
      orders.map((o, i) => seller.api('POST', '/shipping/buyLabel', { body: { orderId: o.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: `low-balance-${i}` } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // 1,500 - 3 x 1,030 needs money twice: once to pay, once when the balance after the last debit is under $10.
    const charged = await recharges(seller);
    expect(charged.length).toBeGreaterThanOrEqual(1);
    for (const c of charged) expect(c).toMatchObject({ amountCents: 2500, status: 'succeeded' });
    const balance = await balanceOf(seller);
    expect(balance).toBe(1_500 + charged.length * 2_500 - 3 * PRIORITY);
    expect(balance).toBeGreaterThanOrEqual(1_000);
  });
});

describe('POST /shipping/buyLabel buys only at the price the seller was shown', () => {
  it('a parcel changed after Get Rates (the rate of 20 oz, a parcel of 80 oz) is refused with 409: nothing bought or charged', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    // Get Rates for the 20 oz parcel: what the list showed.
    const quote = await seller.api('POST', '/shipping/quote', { body: { fromZip: '78701', toZip: '98101', parcel: PARCEL } });
    const seen = quote.json.rates.find((r: { service: string }) => r.service === 'usps_ground_advantage').amountCents as number;
    const heavy = { ...PARCEL, weightOz: 80 };
    expect(shown('usps_ground_advantage', heavy)).toBeGreaterThan(seen);

    const body = { orderId: order.orderId, service: 'usps_ground_advantage', parcel: heavy, amountCents: seen, idempotencyKey: 'stale-price-01' };
    const refused = await seller.api('POST', '/shipping/buyLabel', { body });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MESSAGES.labelPriceChanged);
    expect(await balanceOf(seller)).toBe(10_000);
    const after = (await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json;
    expect(after.status).toBe('unshipped');
    expect(after.labelId).toBeUndefined();
    expect((await seller.api('GET', '/shipping/usage')).json).toMatchObject({ shipments: 0 });

    // Rates fetched again for the 80 oz parcel: the same purchase key buys it at the price now shown, once.
    const bought = await seller.api('POST', '/shipping/buyLabel', { body: { ...body, amountCents: shown('usps_ground_advantage', heavy) } });
    expect(bought.status).toBe(200);
    expect(bought.json).toMatchObject({ weightOz: 80, amountCents: shown('usps_ground_advantage', heavy), replayed: false });
    expect(await balanceOf(seller)).toBe(10_000 - shown('usps_ground_advantage', heavy));
  });

  it('a price for another service or none at all is refused before anything is bought', async () => {
    const seller = await shippingSeller(10_000);
    const order = await orderFor(seller);
    const body = { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, idempotencyKey: 'no-price-0001' };
    const missing = await seller.api('POST', '/shipping/buyLabel', { body });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.amountCents).toBe(MESSAGES.labelRatesNeeded);
    const other = await seller.api('POST', '/shipping/buyLabel', { body: { ...body, amountCents: shown('usps_ground_advantage') } });
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(MESSAGES.labelPriceChanged);
    expect(await balanceOf(seller)).toBe(10_000);
    expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.status).toBe('unshipped');
  });
});
