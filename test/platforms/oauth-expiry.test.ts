import { describe, expect, it } from 'vitest';
import { expiryAt, expiryIn, refreshed, tokenEndpoint, tokenExpired } from '../../functions/adapters/platforms/oauth.js';

describe('OAuth token expiry and refreshed credentials', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('a token is expired a minute before its expiry, and when its expiry cannot be read; without one it never is', () => {
    expect(tokenExpired({ expiresAt: '2026-11-23T12:02:00Z' }, now)).toBe(false);
    expect(tokenExpired({ expiresAt: '2026-11-23T12:00:30Z' }, now)).toBe(true);
    expect(tokenExpired({ expiresAt: '2026-11-23T11:00:00Z' }, now)).toBe(true);
    expect(tokenExpired({ expiresAt: 'soon' }, now)).toBe(true);
    expect(tokenExpired({ accessToken: 'shpat' }, now)).toBe(false);
  });

  it("reads each platform's expiry: seconds to live, ISO 8601, epoch seconds; anything else is none", () => {
    expect(expiryIn(3600, now)).toBe('2026-11-23T13:00:00.000Z');
    expect(expiryIn(undefined, now)).toBeUndefined();
    expect(expiryAt('2026-12-23T12:00:00Z')).toBe('2026-12-23T12:00:00.000Z');
    expect(expiryAt(now / 1000 + 1800.5)).toBe('2026-11-23T12:30:00.500Z');
    expect(expiryAt('not a date')).toBeUndefined();
  });

  it('a refresh keeps the old refresh token when the platform sends none, and everything the orders need', () => {
    const before = { apiKey: 'k', accessToken: 'a1', refreshToken: 'r1', expiresAt: 'x', extra: { shopId: '5' } };
    expect(refreshed(before, { accessToken: 'a2', expiresAt: 'y' })).toEqual({ apiKey: 'k', accessToken: 'a2', refreshToken: 'r1', expiresAt: 'y', extra: { shopId: '5' } });
    expect(refreshed(before, { accessToken: 'a3', refreshToken: 'r3' })).toEqual({ apiKey: 'k', accessToken: 'a3', refreshToken: 'r3', extra: { shopId: '5' } });
  });

  it("the token endpoint is the platform's, or the same path on an overridden origin", () => {
    expect(tokenEndpoint('https://api.etsy.com/v3/public/oauth/token', undefined)).toBe('https://api.etsy.com/v3/public/oauth/token');
    expect(tokenEndpoint('https://api.etsy.com/v3/public/oauth/token', 'http://127.0.0.1:4100/v3/application')).toBe('http://127.0.0.1:4100/v3/public/oauth/token');
  });
});
