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

  it('a key EasyPost does not accept: 503 and the generic message, no label, the balance untouched', async () => {
    // functions/config.ts reads the environment once at load: the handler is loaded afresh under these settings.
    vi.resetModules();
    vi.stubEnv('CARRIER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK_wrong_key');
    vi.stubEnv('EASYPOST_BASE_URL', `${fake.url}/v2`);
    const { handler } = await import('../../functions/http/shipping.js');
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
    expect(JSON.parse(String(res.body))).toEqual({ message: 'An error occurred. Please try again later.' });
    expect((await getOrder(seller.sellerId, order.orderId, { consistent: true }))?.labelId).toBeUndefined();
    expect(await balanceOf(seller)).toBe(5_000);
  });
});
