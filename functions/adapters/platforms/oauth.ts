import type { PlatformCredentials } from './connector.js';
import { PlatformError } from './connector.js';
import { type ConnectorOptions, documentedWait, type PlatformRequest, platformHttp } from './http.js';

/**
 * The OAuth 2.0 token calls the connectors share (RFC 6749 sections 4.1.3 and 6): one POST to the platform's token
 * endpoint, answered by an access token and, on platforms whose tokens expire, a refresh token and a lifetime.
 * Each connector names its endpoint, how it sends our client and which answer fields it reads.
 */

/** The token answer's standard fields; platforms add their own (Square's expires_at, Squarespace's epoch). */
export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** A refresh a minute early, so a token does not run out between the check and the last page. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The token endpoint: the platform's production address, or the same path on the overridden API origin (the
 * loopback fake in tests), since each fake serves a platform's token and order paths together.
 */
export function tokenEndpoint(production: string, baseUrl: string | undefined): string {
  return baseUrl ? new URL(new URL(production).pathname, baseUrl).toString() : production;
}

/** POSTs a token request; an answer without an access token is a refusal, not credentials. */
export async function requestToken<T extends TokenAnswer>(
  name: string,
  url: string,
  request: Pick<PlatformRequest, 'form' | 'json' | 'headers'>,
  options: ConnectorOptions,
  /** The endpoint's host comes from what the seller gave (a Shopify store): PlatformHttpConfig.sellerAddress. */
  sellerAddress = false,
): Promise<T & { access_token: string }> {
  const http = platformHttp({ name, baseUrl: url, rateLimit: documentedWait(1_000), sellerAddress }, options);
  const { body } = await http.request<T>({ method: 'POST', path: url, ...request });
  if (!body.access_token) throw new PlatformError(`${name} granted no access token. Connect ${name} again.`, 502, false);
  return body as T & { access_token: string };
}

/** When a token given `seconds` to live runs out (ISO 8601), or undefined when the platform names no lifetime. */
export function expiryIn(seconds: number | undefined, now = Date.now()): string | undefined {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(now + seconds * 1000).toISOString() : undefined;
}

/** A platform's own expiry time (Square's ISO 8601, Squarespace's epoch seconds) as ISO 8601; unreadable: none. */
export function expiryAt(at: string | number | undefined): string | undefined {
  if (at === undefined) return undefined;
  const ms = typeof at === 'number' ? at * 1000 : Date.parse(at);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** True when the stored access token has run out (or will within a minute); false when it has no expiry. */
export function tokenExpired(credentials: PlatformCredentials, now = Date.now()): boolean {
  if (!credentials.expiresAt) return false;
  const at = Date.parse(credentials.expiresAt);
  return Number.isNaN(at) || at - EXPIRY_MARGIN_MS <= now;
}

/** What a token answer grants, as credentials (fields the platform left out are left out), beside `rest`. */
export function granted(answer: { accessToken: string; refreshToken?: string; expiresAt?: string }, rest: PlatformCredentials = {}): PlatformCredentials {
  return {
    ...rest,
    accessToken: answer.accessToken,
    ...(answer.refreshToken ? { refreshToken: answer.refreshToken } : {}),
    ...(answer.expiresAt ? { expiresAt: answer.expiresAt } : {}),
  };
}

/**
 * Credentials after a refresh: the new access token and expiry, the new refresh token when the platform rotates it
 * (Etsy, Wix, Squarespace) and the old one when it does not (eBay), everything else (shop id, api key) kept.
 */
export function refreshed(before: PlatformCredentials, answer: { accessToken: string; refreshToken?: string; expiresAt?: string }): PlatformCredentials {
  const { expiresAt: _old, ...rest } = before;
  return granted({ ...answer, refreshToken: answer.refreshToken ?? before.refreshToken }, rest);
}

/** The refresh token a refresh needs; without one the seller has to connect again. */
export function requireRefreshToken(credentials: PlatformCredentials, name: string): string {
  if (credentials.refreshToken) return credentials.refreshToken;
  throw new PlatformError(`${name} access has run out and cannot be renewed. Connect ${name} again in Settings.`, 401, false);
}

/** Our client secret, which a confidential-client token call cannot do without. */
export function requireSecret(secret: string | undefined, name: string): string {
  if (secret) return secret;
  throw new PlatformError(`${name} sync is not available yet.`, 503, true);
}
