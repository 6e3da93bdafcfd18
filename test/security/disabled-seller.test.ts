import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../functions/http/consultant.js';
import { ACCOUNT_CHECK_TTL_MS } from '../../functions/sellers/account.js';
import { callInProcess } from '../support/in-process.js';
import { createTestSeller, disableTestSeller } from '../support/sellers.js';

/**
 * A seller disabled in Cognito (AdminDisableUser; cognito-local answers AdminGetUser's Enabled as Cognito does) is
 * refused within a minute though their token is still valid: the account lookup is cached per container for
 * ACCOUNT_CHECK_TTL_MS. The handler runs in this process so the test can move its clock past the cache.
 */
describe('a disabled seller', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps working at most a minute after being disabled, then gets 401', async () => {
    const seller = await createTestSeller();
    const path = '/consultant/GetConsultantInfoLite';
    expect((await callInProcess(handler, seller, 'GET', path)).statusCode).toBe(200);

    await disableTestSeller(seller);
    // The lookup this container made a moment ago still holds.
    expect((await callInProcess(handler, seller, 'GET', path)).statusCode).toBe(200);

    expect(ACCOUNT_CHECK_TTL_MS).toBeLessThanOrEqual(60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ACCOUNT_CHECK_TTL_MS + 1_000);
    const refused = await callInProcess(handler, seller, 'GET', path);
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(String(refused.body))).toEqual({ message: 'Please sign in again.' });
  });

  it('an enabled seller passes the account check with either token kind', async () => {
    const seller = await createTestSeller();
    expect((await seller.api('GET', '/status')).status).toBe(200);
    expect((await seller.api('GET', '/status', { useAccessToken: true })).status).toBe(200);
  });

  it('is refused at once by a container that had not looked them up (the local gateway)', async () => {
    const seller = await createTestSeller();
    await disableTestSeller(seller);
    const res = await seller.api('GET', '/consultant/GetConsultantInfoLite');
    expect(res.status).toBe(401);
    // Both token kinds.
    expect((await seller.api('GET', '/status', { useAccessToken: true })).status).toBe(401);
  });
});
