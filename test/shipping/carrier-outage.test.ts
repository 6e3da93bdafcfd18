import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getOrder } from '../../functions/data/orders.js';
import { callInProcess } from '../support/in-process.js';
import { type FakeEasyPost, startFakeEasyPost } from './easypost-fake.js';
import { balanceOf, orderFor, PARCEL, shippingSeller } from './support.js';

/**
 * The carrier failing us (our key refused, its outage) is not the seller's to fix: Buy Label answers 503 with the
 * generic message, never the carrier's own text as a refusal, and nothing is bought or charged.
 */
describe('Buy Label when EasyPost refuses our call', () => {
  let fake: FakeEasyPost;
  beforeAll(async () => {
    fake = await startFakeEasyPost('EZTK_right_key');
  });
  afterAll(() => fake.close());
  afterEach(() => vi.unstubAllEnvs());

  // functions/config.ts reads the environment once at load: the handler is loaded afresh under these settings.
  async function shippingHandler(key: string) {
    vi.resetModules();
    vi.stubEnv('CARRIER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', key);
    vi.stubEnv('EASYPOST_BASE_URL', `${fake.url}/v2`);
    return (await import('../../functions/http/shipping.js')).handler;
  }
  const GENERIC = { message: 'An error occurred. Please try again later.' };

  it('a key EasyPost does not accept: 503 and the generic message, no label, the balance untouched', async () => {
    const handler = await shippingHandler('EZTK_wrong_key');
    const seller = await shippingSeller(5_000);
    const order = await orderFor(seller);
    const res = await callInProcess(handler, seller, 'POST', '/shipping/buyLabel', {
      orderId: order.orderId,
      service: 'usps_ground_advantage',
      parcel: PARCEL,
      idempotencyKey: 'outage-key-1',
      amountCents: 547,
    });
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(String(res.body))).toEqual(GENERIC);
    expect((await getOrder(seller.sellerId, order.orderId, { consistent: true }))?.labelId).toBeUndefined();
    expect(await balanceOf(seller)).toBe(5_000);
  });

  it('Shipping Quote and Void Label answer the same 503, never a 500 or the carrier\'s words; the label stays bought', async () => {
    const seller = await shippingSeller(5_000);
    const quote = await callInProcess(await shippingHandler('EZTK_wrong_key'), seller, 'POST', '/shipping/quote', { fromZip: '78701', toZip: '98101', parcel: PARCEL });
    expect([quote.statusCode, JSON.parse(String(quote.body))]).toEqual([503, GENERIC]);

    const order = await orderFor(seller);
    const body = { orderId: order.orderId, service: 'usps_ground_advantage', parcel: PARCEL, idempotencyKey: 'outage-key-2', amountCents: 547 };
    const bought = await callInProcess(await shippingHandler('EZTK_right_key'), seller, 'POST', '/shipping/buyLabel', body);
    expect(bought.statusCode, String(bought.body)).toBe(200);
    const { labelId } = JSON.parse(String(bought.body));
    const voided = await callInProcess(await shippingHandler('EZTK_wrong_key'), seller, 'POST', '/shipping/voidLabel', { labelId });
    expect([voided.statusCode, JSON.parse(String(voided.body))]).toEqual([503, GENERIC]);
    expect((await getOrder(seller.sellerId, order.orderId, { consistent: true }))?.labelId).toBe(labelId);
    expect(await balanceOf(seller)).toBe(5_000 - 547);
  });
});
