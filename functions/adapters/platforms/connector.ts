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
