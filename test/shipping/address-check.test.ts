import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callInProcess } from '../support/in-process.js';
import { type FakeEasyPost, startFakeEasyPost } from './easypost-fake.js';
import { shippingSeller } from './support.js';

/** Issue 17: the carrier's address check behind the ship-to and customer forms (orders.verifyAddress). */

const TYPED = { address1: '12 Oak Avenue', address2: 'Apt 4', city: 'Denver', state: 'co', zip: '80202' };

describe('orders.verifyAddress with the sandbox carrier (the local gateway)', () => {
  it('offers the standardised address when it differs, nothing when the address is already standard, and "not verified" for one it cannot check', async () => {
    const seller = await shippingSeller(0);
    const typed = await seller.api('POST', '/orders/verifyAddress', { body: TYPED });
    expect(typed.status).toBe(200);
    expect(typed.json).toEqual({ verified: true, suggestion: { address1: '12 OAK AVE', address2: 'APT 4', city: 'DENVER', state: 'CO', zip: '80202-0012' } });
    const standard = await seller.api('POST', '/orders/verifyAddress', { body: typed.json.suggestion });
    expect(standard.json).toEqual({ verified: true, suggestion: null });
    const unknown = await seller.api('POST', '/orders/verifyAddress', { body: { ...TYPED, zip: '00000' } });
    expect(unknown.json).toEqual({ verified: false, suggestion: null });
  });

  it('refuses an incomplete or oversized address in plain words', async () => {
    const seller = await shippingSeller(0);
    const bad = await seller.api('POST', '/orders/verifyAddress', { body: { ...TYPED, zip: '8020A', city: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ zip: 'ZIP must be 5 digits (or ZIP+4).', city: 'City is required.' });
    const long = await seller.api('POST', '/orders/verifyAddress', { body: { ...TYPED, address1: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
  });
});

describe('orders.verifyAddress with EasyPost (CARRIER=easypost, against its loopback fake)', () => {
  let fake: FakeEasyPost;
  beforeAll(async () => {
    fake = await startFakeEasyPost('EZTK_check_key');
  });
  afterAll(() => fake.close());
  afterEach(() => vi.unstubAllEnvs());

  // functions/config.ts reads the environment once at load: the handler is loaded afresh under the EasyPost settings.
  async function easyPostHandler() {
    vi.resetModules();
    vi.stubEnv('CARRIER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK_check_key');
    vi.stubEnv('EASYPOST_BASE_URL', `${fake.url}/v2`);
    return (await import('../../functions/http/orders.js')).handler;
  }

  it("asks EasyPost to create and verify the address and offers its correction; an address it cannot verify is advice, not an error", async () => {
    const handler = await easyPostHandler();
    const seller = await shippingSeller(0);
    const res = await callInProcess(handler, seller, 'POST', '/orders/verifyAddress', { ...TYPED, address1: '500 Congress Street' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ verified: true, suggestion: { address1: '500 CONGRESS ST', address2: 'APT 4', city: 'DENVER', state: 'co', zip: '80202-4321' } });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/addresses',
      body: { address: { street1: '500 Congress Street', street2: 'Apt 4', city: 'Denver', state: 'co', zip: '80202', country: 'US' }, verify: true },
    });
    const unknown = await callInProcess(handler, seller, 'POST', '/orders/verifyAddress', { ...TYPED, zip: '00000' });
    expect(unknown.statusCode).toBe(200);
    expect(JSON.parse(unknown.body as string)).toEqual({ verified: false, suggestion: null });
  });

  it('a carrier that refuses the call (a bad key) leaves the form alone: not verified, no error for the seller', async () => {
    vi.resetModules();
    vi.stubEnv('CARRIER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK_wrong_key');
    vi.stubEnv('EASYPOST_BASE_URL', `${fake.url}/v2`);
    const handler = (await import('../../functions/http/orders.js')).handler;
    const seller = await shippingSeller(0);
    const res = await callInProcess(handler, seller, 'POST', '/orders/verifyAddress', TYPED);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ verified: false, suggestion: null });
  });
});
