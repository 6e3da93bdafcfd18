import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/adapters/platforms/connector.js';
import { tokenExpired } from '../../functions/adapters/platforms/oauth.js';
import { type FakePlatform, startFakePlatform } from './fake-platform.js';
import { GOOD_CODE, OAUTH_CASES, OLD_REFRESH } from './oauth-cases.js';

/**
 * Each OAuth platform's code exchange and refresh against a loopback fake of its token endpoint: the documented
 * request (grant, client auth, PKCE verifier, redirect address), the documented answer turned into credentials
 * with their expiry, and a refused code or refresh token a PlatformError the seller must act on.
 */
describe.each(OAUTH_CASES)('$platform OAuth token endpoint', (c) => {
  let fake: FakePlatform;
  const connector = c.create({ sleep: async () => {} });
  const context = () => ({ client: c.client, baseUrl: `${fake.url}${c.basePath ?? ''}` });

  beforeAll(async () => {
    fake = await startFakePlatform(c.fake);
  });
  afterAll(() => fake.close());

  it('exchanges the code for credentials with a refresh token and the expiry the platform grants', async () => {
    const before = Date.now();
    const credentials = await connector.exchangeCode!(context(), { ...c.exchange, code: GOOD_CODE });
    const { expiresAt, ...rest } = credentials;
    expect(rest).toEqual(c.credentials);
    if (c.lifetimeSeconds === undefined) {
      expect(expiresAt).toBeUndefined();
    } else {
      const lifetime = (Date.parse(expiresAt!) - before) / 1000;
      expect(lifetime).toBeGreaterThan(c.lifetimeSeconds - 60);
      expect(lifetime).toBeLessThanOrEqual(c.lifetimeSeconds + 60);
      expect(tokenExpired(credentials)).toBe(false);
    }
  });

  it('a code the platform refuses is a PlatformError the seller must act on (connect again), never credentials', async () => {
    const error = await connector.exchangeCode!(context(), { ...c.exchange, code: 'used-code' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 400, retryable: false });
  });

  it('our client refused (wrong secret) is a PlatformError too', async () => {
    const error = await connector.exchangeCode!({ ...context(), client: { clientId: c.client.clientId, clientSecret: 'wrong' } }, { ...c.exchange, code: GOOD_CODE }).catch((e: unknown) => e);
    // Etsy is a public client (PKCE, no secret in the token call): its shops call is what refuses the wrong key.
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ retryable: false });
  });

  if (c.refreshed) {
    const refreshedCase = c.refreshed;
    it('refreshes an expired access token with the refresh_token grant, keeping what the orders need', async () => {
      const stored = { ...c.credentials, refreshToken: OLD_REFRESH, expiresAt: new Date(Date.now() - 1000).toISOString() };
      expect(tokenExpired(stored)).toBe(true);
      const credentials = await connector.refresh!(context(), stored);
      const { expiresAt, ...rest } = credentials;
      expect(rest).toEqual({ ...stored, ...refreshedCase, expiresAt: undefined });
      expect(tokenExpired(credentials)).toBe(false);
      expect(Date.parse(expiresAt!)).toBeGreaterThan(Date.now());
    });

    it('a refresh token the platform refuses is a PlatformError the seller must act on', async () => {
      const stored = { ...c.credentials, refreshToken: 'revoked-refresh' };
      const error = await connector.refresh!(context(), stored).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ retryable: false });
    });
  } else {
    it('has no refresh: its access token does not expire', () => {
      expect(connector.refresh).toBeUndefined();
    });
  }
});
