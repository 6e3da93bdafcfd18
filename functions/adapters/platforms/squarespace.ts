import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { basicAuth, type ConnectorOptions, documentedWait, platformHttp, requireCredential } from './http.js';
import { address, buyer, dollars, isoDate, quantity } from './mapping.js';
import { expiryAt, granted, refreshed, requestToken, requireRefreshToken, requireSecret, type TokenAnswer, tokenEndpoint } from './oauth.js';

/**
 * Squarespace Commerce Orders API 1.0 (https://developers.squarespace.com/commerce-apis/retrieve-all-orders): GET
 * /1.0/commerce/orders with a bearer API key or OAuth token and a descriptive User-Agent (requests without one are
 * refused), changes by modifiedAfter + modifiedBefore (only together, and never with a cursor), pages by
 * pagination.nextPageCursor. Over 300 requests a minute Squarespace answers 429 with a documented one-minute
 * cool-down and no wait header.
 */
const USER_AGENT = 'ConsultantDesk/1.0 (order sync)';
const COOL_DOWN_MS = 60_000;

/**
 * Squarespace OAuth (https://developers.squarespace.com/commerce-apis/oauth): POST
 * https://login.squarespace.com/api/1/login/oauth/provider/tokens, JSON, Basic client id:secret and our User-Agent.
 * The answer dates its tokens in epoch seconds (access_token_expires_at, 30 minutes; the refresh token a week)
 * and a refresh brings a new refresh token.
 */
const TOKEN_URL = 'https://login.squarespace.com/api/1/login/oauth/provider/tokens';

interface SquarespaceToken extends TokenAnswer {
  access_token_expires_at?: number;
}

interface SquarespaceAddress {
  firstName?: string;
  lastName?: string;
  address1?: string;
  address2?: string | null;
  city?: string;
  state?: string;
  countryCode?: string;
  postalCode?: string;
  phone?: string | null;
}

interface SquarespaceOrder {
  id: string;
  orderNumber?: string;
  createdOn?: string;
  customerEmail?: string;
  billingAddress?: SquarespaceAddress;
  shippingAddress?: SquarespaceAddress | null;
  fulfillmentStatus?: string;
  lineItems?: { sku?: string | null; productName?: string; quantity?: number; unitPricePaid?: { value?: string } }[];
  subtotal?: { value?: string };
  shippingTotal?: { value?: string };
  taxTotal?: { value?: string };
  grandTotal?: { value?: string };
}

const STATUS: Record<string, OrderStatus> = { PENDING: 'unshipped', FULFILLED: 'shipped', CANCELED: 'cancelled' };

const squarespaceAddress = (a: SquarespaceAddress | null | undefined) =>
  a
    ? address({
        name: [a.firstName, a.lastName].filter(Boolean).join(' '),
        address1: a.address1,
        address2: a.address2,
        city: a.city,
        state: a.state,
        zip: a.postalCode,
        country: a.countryCode,
        phone: a.phone,
      })
    : undefined;

function toOrder(order: SquarespaceOrder): ImportedOrder {
  const shipTo = squarespaceAddress(order.shippingAddress);
  return {
    source: 'squarespace',
    platformOrderId: order.id,
    orderNumber: order.orderNumber ?? order.id,
    orderDate: isoDate(order.createdOn),
    status: STATUS[order.fulfillmentStatus ?? ''] ?? 'unshipped',
    customer: buyer({
      firstName: order.billingAddress?.firstName,
      lastName: order.billingAddress?.lastName,
      email: order.customerEmail,
      phone: order.billingAddress?.phone,
      address: shipTo ?? squarespaceAddress(order.billingAddress),
    }),
    shipTo,
    items: (order.lineItems ?? []).map((li) => ({
      ...(li.sku ? { sku: li.sku } : {}),
      name: li.productName ?? 'Item',
      quantity: quantity(li.quantity),
      price: dollars(li.unitPricePaid?.value),
    })),
    subtotal: dollars(order.subtotal?.value),
    shipping: dollars(order.shippingTotal?.value),
    tax: dollars(order.taxTotal?.value),
    total: dollars(order.grandTotal?.value),
  };
}

export function createSquarespaceConnector(options: ConnectorOptions = {}): PlatformConnector {
  return {
    platform: 'squarespace',
    authorizeUrl({ clientId, redirectUri, state }) {
      const url = new URL('https://login.squarespace.com/api/1/login/oauth/provider/authorize');
      url.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, scope: 'website.orders.read', state, access_type: 'offline' }).toString();
      return url.toString();
    },
    async exchangeCode({ client, baseUrl }, { code, redirectUri }) {
      const token = await requestToken<SquarespaceToken>('Squarespace', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { authorization: basicAuth(client.clientId, requireSecret(client.clientSecret, 'Squarespace')), 'user-agent': USER_AGENT },
        json: { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      }, options);
      return granted({ accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryAt(token.access_token_expires_at) });
    },
    async refresh({ client, baseUrl }, credentials) {
      const token = await requestToken<SquarespaceToken>('Squarespace', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { authorization: basicAuth(client.clientId, requireSecret(client.clientSecret, 'Squarespace')), 'user-agent': USER_AGENT },
        json: { grant_type: 'refresh_token', refresh_token: requireRefreshToken(credentials, 'Squarespace') },
      }, options);
      return refreshed(credentials, { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryAt(token.access_token_expires_at) });
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const token = requireCredential(credentials.accessToken ?? credentials.apiKey, 'Squarespace', 'API key');
      const http = platformHttp(
        { name: 'Squarespace', baseUrl: baseUrl ?? 'https://api.squarespace.com/1.0', headers: { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT }, rateLimit: documentedWait(COOL_DOWN_MS) },
        options,
      );
      // The page size is Squarespace's (50); it takes no limit.
      const query = page ? { cursor: page } : since ? { modifiedAfter: new Date(since).toISOString(), modifiedBefore: new Date().toISOString() } : {};
      const res = await http.request<{ result?: SquarespaceOrder[]; pagination?: { hasNextPage?: boolean; nextPageCursor?: string | null } }>({ path: '/commerce/orders', query });
      const pagination = res.body.pagination;
      return { orders: (res.body.result ?? []).map(toOrder), next: pagination?.hasNextPage && pagination.nextPageCursor ? pagination.nextPageCursor : undefined };
    },
  };
}

export const squarespaceConnector = createSquarespaceConnector();
