import type { Platform } from '../../../shared/domain/platforms.js';
import type { ImportedOrder } from '../../imports/imported-order.js';

/**
 * A commerce platform we sync orders from. One module per platform (functions/adapters/platforms/<platform>.ts)
 * speaks that platform's public API: its paths, auth headers, pagination and rate-limit answers. The
 * platform-sync worker pulls pages with it and hands the orders to `upsertImportedOrders`.
 */

/** What the seller granted us, decrypted only inside the worker and never logged or sent to the browser. */
export interface PlatformCredentials {
  /** OAuth access token, or API key/secret pair, depending on the platform. */
  accessToken?: string;
  apiKey?: string;
  apiSecret?: string;
  /** Store address where the platform has one per store (Shopify shop domain, WooCommerce store URL). */
  storeUrl?: string;
  /** Anything else a platform needs (account or company id, region). */
  extra?: Record<string, string>;
  /** OAuth platforms whose access tokens expire: what gets a new one without asking the seller again. */
  refreshToken?: string;
  /** When the access token stops working (ISO 8601); none when the platform's tokens do not expire. */
  expiresAt?: string;
}

export interface ConnectorContext {
  credentials: PlatformCredentials;
  /**
   * The API's base URL. Undefined means the platform's production address; tests point it at a loopback fake
   * serving the documented responses.
   */
  baseUrl?: string;
}

export interface OrdersPage {
  orders: ImportedOrder[];
  /** Opaque cursor of the next page; undefined when this was the last. */
  next?: string;
}

export interface AuthorizeRequest {
  /** Our app's client id at the platform. */
  clientId: string;
  /** Where the platform sends the seller back (our callback). */
  redirectUri: string;
  /** Anti-forgery state bound to the seller. */
  state: string;
  storeUrl?: string;
  /**
   * PKCE (RFC 7636) platforms (Etsy): a random verifier kept server-side with the state; the address carries its
   * S256 challenge and the token exchange sends the verifier itself.
   */
  codeVerifier?: string;
}

/** Our app at the platform: the client id is public, the secret only ever sent to the platform's token endpoint. */
export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
}

/** The seller came back from the platform's consent page with a code. */
export interface CodeExchange {
  code: string;
  /** The redirect address the authorization named (platforms check it matches). */
  redirectUri: string;
  /** PKCE platforms: the verifier whose challenge the authorization address carried. */
  codeVerifier?: string;
  /** Platforms with one address per store (Shopify): the store the seller authorized. */
  storeUrl?: string;
  /** Anything else the platform sent back with the code (Wix's instanceId). */
  returned?: Record<string, string>;
}

/** A token call: the API's address as for orders (its origin is the loopback fake's in tests) and our client. */
export interface OAuthContext {
  client: OAuthClient;
  baseUrl?: string;
}

export interface PlatformConnector {
  readonly platform: Platform;
  /** OAuth platforms: the address that asks the seller to grant us access. Key-based platforms have none. */
  authorizeUrl?(request: AuthorizeRequest): string;
  /**
   * One page of orders created or changed since `since` (ISO 8601; undefined: the platform's first page of recent
   * orders), continuing at `page` (a previous page's `next`). Answers of 429 are retried after the platform's own
   * retry header; other failures throw PlatformError.
   */
  fetchOrders(context: ConnectorContext, since: string | undefined, page: string | undefined): Promise<OrdersPage>;
  /**
   * OAuth platforms: the credentials the platform's token endpoint grants for the code it sent back (access token,
   * refresh token and expiry where it has them, and whatever else fetchOrders needs). A refused code throws a
   * PlatformError that is not retryable.
   */
  exchangeCode?(context: OAuthContext, exchange: CodeExchange): Promise<PlatformCredentials>;
  /**
   * Platforms whose access tokens expire: new credentials from the stored refresh token (the refresh_token
   * grant), everything else kept. A refused refresh token throws a PlatformError that is not retryable.
   */
  refresh?(context: OAuthContext, credentials: PlatformCredentials): Promise<PlatformCredentials>;
}

/** A platform refused or failed: `retryable` is false when the seller must act (credentials revoked, store gone). */
export class PlatformError extends Error {
  override name = 'PlatformError';
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
