import { createHash } from 'node:crypto';
import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, epochSeconds, fromDivisor, isoDate, quantity } from './mapping.js';
import { expiryIn, granted, refreshed, requestToken, requireRefreshToken, tokenEndpoint } from './oauth.js';

/**
 * Etsy Open API v3 (https://developers.etsy.com/documentation/reference#operation/getShopReceipts): GET
 * /v3/application/shops/{shop_id}/receipts with x-api-key and an OAuth bearer token (scope transactions_r),
 * offset/limit pages (100 at most) against the response's count, changes since min_last_modified (epoch seconds).
 * Money is { amount, divisor }. A 429 carries retry-after. OAuth 2.0 with PKCE (S256): the code and refresh
 * tokens are exchanged at POST https://api.etsy.com/v3/public/oauth/token (form, client_id, no secret); access tokens
 * live an hour (expires_in) and are prefixed by the user's id, whose shop (GET /users/{user_id}/shops) we sync.
 */
const MAX_PAGE = 100;
const API = 'https://openapi.etsy.com/v3/application';
const TOKEN_URL = 'https://api.etsy.com/v3/public/oauth/token';

interface EtsyMoney {
  amount?: number;
  divisor?: number;
}

interface EtsyReceipt {
  receipt_id: number;
  name?: string;
  first_line?: string;
  second_line?: string | null;
  city?: string;
  state?: string | null;
  zip?: string;
  country_iso?: string;
  buyer_email?: string | null;
  status?: string;
  is_shipped?: boolean;
  created_timestamp?: number;
  create_timestamp?: number;
  grandtotal?: EtsyMoney;
  subtotal?: EtsyMoney;
  total_shipping_cost?: EtsyMoney;
  total_tax_cost?: EtsyMoney;
  transactions?: { title?: string; sku?: string | null; quantity?: number; price?: EtsyMoney }[];
}

function status(receipt: EtsyReceipt): OrderStatus {
  const s = (receipt.status ?? '').toLowerCase();
  if (s === 'canceled' || s === 'fully refunded') return 'cancelled';
  if (receipt.is_shipped || s === 'completed') return 'shipped';
  if (s === 'open' || s === 'payment processing') return 'pending';
  return 'unshipped';
}

function toOrder(receipt: EtsyReceipt): ImportedOrder {
  const shipTo = address({
    name: receipt.name,
    address1: receipt.first_line,
    address2: receipt.second_line,
    city: receipt.city,
    state: receipt.state,
    zip: receipt.zip,
    country: receipt.country_iso,
  });
  return {
    source: 'etsy',
    platformOrderId: String(receipt.receipt_id),
    orderNumber: String(receipt.receipt_id),
    orderDate: isoDate(receipt.created_timestamp ?? receipt.create_timestamp),
    status: status(receipt),
    // Etsy's buyers are the marketplace's customers: its terms forbid marketing email to them.
    customer: buyer({ fullName: receipt.name, email: receipt.buyer_email, address: shipTo, marketingAllowed: false }),
    shipTo,
    items: (receipt.transactions ?? []).map((t) => ({
      ...(t.sku ? { sku: t.sku } : {}),
      name: t.title ?? 'Item',
      quantity: quantity(t.quantity),
      price: fromDivisor(t.price),
    })),
    subtotal: fromDivisor(receipt.subtotal),
    shipping: fromDivisor(receipt.total_shipping_cost),
    tax: fromDivisor(receipt.total_tax_cost),
    total: fromDivisor(receipt.grandtotal),
  };
}

/** The S256 code challenge of a PKCE code verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function createEtsyConnector(options: ConnectorOptions = {}): PlatformConnector {
  const limit = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'etsy',
    authorizeUrl({ clientId, redirectUri, state, codeVerifier }) {
      const url = new URL('https://www.etsy.com/oauth/connect');
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: 'transactions_r',
        state,
        code_challenge: pkceChallenge(requireCredential(codeVerifier, 'Etsy', 'PKCE code verifier')),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchangeCode({ client, baseUrl }, { code, redirectUri, codeVerifier }) {
      const token = await requestToken('Etsy', tokenEndpoint(TOKEN_URL, baseUrl), {
        form: { grant_type: 'authorization_code', client_id: client.clientId, redirect_uri: redirectUri, code, code_verifier: requireCredential(codeVerifier, 'Etsy', 'PKCE code verifier') },
      }, options);
      const userId = token.access_token.split('.')[0];
      // Etsy asks for "keystring:shared_secret" in x-api-key, so the seller's credentials carry our shared secret.
      const apiKey = client.clientSecret ? `${client.clientId}:${client.clientSecret}` : client.clientId;
      const http = platformHttp(
        { name: 'Etsy', baseUrl: baseUrl ?? API, headers: { 'x-api-key': apiKey, authorization: `Bearer ${token.access_token}` }, rateLimit: retryAfter('retry-after', 1_000) },
        options,
      );
      const shop = await http.request<{ shop_id?: number }>({ path: `/users/${encodeURIComponent(userId ?? '')}/shops` });
      const shopId = requireCredential(shop.body.shop_id === undefined ? undefined : String(shop.body.shop_id), 'Etsy', 'shop');
      return granted(
        { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in) },
        { apiKey: client.clientId, ...(client.clientSecret ? { apiSecret: client.clientSecret } : {}), extra: { shopId } },
      );
    },
    async refresh({ client, baseUrl }, credentials) {
      const token = await requestToken('Etsy', tokenEndpoint(TOKEN_URL, baseUrl), {
        form: { grant_type: 'refresh_token', client_id: client.clientId, refresh_token: requireRefreshToken(credentials, 'Etsy') },
      }, options);
      return refreshed(credentials, { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in) });
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const keystring = requireCredential(credentials.apiKey, 'Etsy', 'API key');
      const token = requireCredential(credentials.accessToken, 'Etsy', 'access token');
      const shopId = requireCredential(credentials.extra?.shopId, 'Etsy', 'shop id');
      // Etsy asks apps for "keystring:shared_secret" in x-api-key; the keystring alone is what older apps sent.
      const apiKey = credentials.apiSecret ? `${keystring}:${credentials.apiSecret}` : keystring;
      const http = platformHttp(
        { name: 'Etsy', baseUrl: baseUrl ?? API, headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` }, rateLimit: retryAfter('retry-after', 1_000) },
        options,
      );
      const offset = page ? Number(page) : 0;
      const res = await http.request<{ count?: number; results?: EtsyReceipt[] }>({
        path: `/shops/${encodeURIComponent(shopId)}/receipts`,
        query: { limit, offset, sort_on: 'updated', sort_order: 'asc', min_last_modified: since ? epochSeconds(since) : undefined },
      });
      const results = res.body.results ?? [];
      const read = offset + results.length;
      return { orders: results.map(toOrder), next: results.length > 0 && read < (res.body.count ?? 0) ? String(read) : undefined };
    },
  };
}

export const etsyConnector = createEtsyConnector();
