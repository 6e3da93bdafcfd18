import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { type ConnectorOptions, documentedWait, platformHttp, requireCredential } from './http.js';
import { address, buyer, fromCents, isoDate, itemsSubtotal, quantity } from './mapping.js';
import { expiryAt, granted, refreshed, requestToken, requireRefreshToken, requireSecret, type TokenAnswer, tokenEndpoint } from './oauth.js';

/**
 * Square Orders API (https://developer.squareup.com/reference/square/orders-api/search-orders): POST
 * /v2/orders/search with an OAuth bearer token and the Square-Version header, for the seller's locations (listed by
 * GET /v2/locations unless stored, ten per search as Square allows), changes since a date by an updated_at filter
 * sorted by UPDATED_AT, pages by `cursor` (500 at most) with the query repeated unchanged. Money is in cents. Square's 429 (RATE_LIMITED) names no wait; its guidance is
 * exponential back-off, from 1 s here.
 */
export const SQUARE_VERSION = '2025-01-23';
const MAX_PAGE = 500;

/**
 * Square ObtainToken (https://developer.squareup.com/reference/square/oauth-api/obtain-token): POST /oauth2/token,
 * JSON with our client id and secret, for the code or the refresh token (the code flow keeps the refresh token).
 * Access tokens live 30 days; the answer dates them in ISO 8601 (`expires_at`), not in seconds.
 */
const TOKEN_URL = 'https://connect.squareup.com/oauth2/token';

interface SquareToken extends TokenAnswer {
  expires_at?: string;
  merchant_id?: string;
}

interface SquareMoney {
  amount?: number;
}

interface SquareRecipient {
  display_name?: string;
  email_address?: string;
  phone_number?: string;
  address?: {
    address_line_1?: string;
    address_line_2?: string;
    locality?: string;
    administrative_district_level_1?: string;
    postal_code?: string;
    country?: string;
  };
}

interface SquareOrder {
  id: string;
  reference_id?: string;
  created_at?: string;
  state?: string;
  line_items?: { name?: string; variation_name?: string; quantity?: string; base_price_money?: SquareMoney }[];
  fulfillments?: { type?: string; state?: string; shipment_details?: { recipient?: SquareRecipient }; pickup_details?: { recipient?: SquareRecipient } }[];
  total_money?: SquareMoney;
  total_tax_money?: SquareMoney;
  total_service_charge_money?: SquareMoney;
}

function status(order: SquareOrder): OrderStatus {
  if (order.state === 'CANCELED') return 'cancelled';
  if (order.state === 'DRAFT') return 'pending';
  const fulfillment = order.fulfillments?.[0];
  if (order.state === 'COMPLETED' || fulfillment?.state === 'COMPLETED') return 'shipped';
  return 'unshipped';
}

function toOrder(order: SquareOrder): ImportedOrder {
  const fulfillment = order.fulfillments?.find((f) => f.type === 'SHIPMENT') ?? order.fulfillments?.[0];
  const recipient = fulfillment?.shipment_details?.recipient ?? fulfillment?.pickup_details?.recipient;
  const a = recipient?.address;
  const shipTo =
    fulfillment?.type === 'SHIPMENT' && a
      ? address({
          name: recipient?.display_name,
          address1: a.address_line_1,
          address2: a.address_line_2,
          city: a.locality,
          state: a.administrative_district_level_1,
          zip: a.postal_code,
          country: a.country,
          phone: recipient?.phone_number,
        })
      : undefined;
  const items = (order.line_items ?? []).map((li) => ({
    name: [li.name, li.variation_name].filter(Boolean).join(' - ') || 'Item',
    quantity: quantity(li.quantity),
    price: fromCents(li.base_price_money?.amount),
  }));
  return {
    source: 'square',
    platformOrderId: order.id,
    orderNumber: order.reference_id ?? order.id,
    orderDate: isoDate(order.created_at),
    status: status(order),
    customer: buyer({ fullName: recipient?.display_name, email: recipient?.email_address, phone: recipient?.phone_number, address: shipTo }),
    shipTo,
    items,
    subtotal: itemsSubtotal(items),
    // Square online orders carry shipping as a service charge.
    shipping: fromCents(order.total_service_charge_money?.amount),
    tax: fromCents(order.total_tax_money?.amount),
    total: fromCents(order.total_money?.amount),
  };
}

/** Square searches at most 10 locations per request; a seller with more is read ten locations at a time. */
const LOCATIONS_PER_SEARCH = 10;

/** Our page cursor: the group of ten locations, then Square's own cursor within that group's search. */
function parseSquarePage(page: string | undefined): { group: number; cursor?: string } {
  if (!page) return { group: 0 };
  const colon = page.indexOf(':');
  const group = Number(page.slice(0, colon));
  if (colon < 0 || !Number.isInteger(group) || group < 0) return { group: 0, cursor: page };
  const cursor = page.slice(colon + 1);
  return cursor ? { group, cursor } : { group };
}

export function createSquareConnector(options: ConnectorOptions = {}): PlatformConnector {
  const limit = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'square',
    authorizeUrl({ clientId, redirectUri, state }) {
      const url = new URL('https://connect.squareup.com/oauth2/authorize');
      url.search = new URLSearchParams({ client_id: clientId, scope: 'ORDERS_READ CUSTOMERS_READ MERCHANT_PROFILE_READ', session: 'false', state, redirect_uri: redirectUri }).toString();
      return url.toString();
    },
    async exchangeCode({ client, baseUrl }, { code, redirectUri }) {
      const token = await requestToken<SquareToken>('Square', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { 'square-version': SQUARE_VERSION },
        json: { client_id: client.clientId, client_secret: requireSecret(client.clientSecret, 'Square'), grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      }, options);
      return granted(
        { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryAt(token.expires_at) },
        token.merchant_id ? { extra: { merchantId: token.merchant_id } } : {},
      );
    },
    async refresh({ client, baseUrl }, credentials) {
      const token = await requestToken<SquareToken>('Square', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { 'square-version': SQUARE_VERSION },
        json: { client_id: client.clientId, client_secret: requireSecret(client.clientSecret, 'Square'), grant_type: 'refresh_token', refresh_token: requireRefreshToken(credentials, 'Square') },
      }, options);
      return refreshed(credentials, { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryAt(token.expires_at) });
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const token = requireCredential(credentials.accessToken, 'Square', 'access token');
      const http = platformHttp(
        { name: 'Square', baseUrl: baseUrl ?? 'https://connect.squareup.com', headers: { authorization: `Bearer ${token}`, 'square-version': SQUARE_VERSION }, rateLimit: documentedWait(1_000) },
        options,
      );
      let locationIds = credentials.extra?.locationIds?.split(',').filter(Boolean) ?? [];
      if (locationIds.length === 0) {
        const res = await http.request<{ locations?: { id: string; status?: string }[] }>({ path: '/v2/locations' });
        locationIds = (res.body.locations ?? []).filter((l) => l.status !== 'INACTIVE').map((l) => l.id);
      }
      const { group, cursor } = parseSquarePage(page);
      const locations = locationIds.slice(group * LOCATIONS_PER_SEARCH, (group + 1) * LOCATIONS_PER_SEARCH);
      if (locations.length === 0) return { orders: [] };
      const res = await http.request<{ orders?: SquareOrder[]; cursor?: string }>({
        method: 'POST',
        path: '/v2/orders/search',
        json: {
          location_ids: locations,
          limit,
          ...(cursor ? { cursor } : {}),
          return_entries: false,
          query: {
            ...(since ? { filter: { date_time_filter: { updated_at: { start_at: since } } } } : {}),
            sort: { sort_field: 'UPDATED_AT', sort_order: 'ASC' },
          },
        },
      });
      const orders = (res.body.orders ?? []).map(toOrder);
      if (res.body.cursor) return { orders, next: `${group}:${res.body.cursor}` };
      // This group of locations is done; a seller with more than ten goes on with the next ten.
      const more = (group + 1) * LOCATIONS_PER_SEARCH < locationIds.length;
      return { orders, next: more ? `${group + 1}:` : undefined };
    },
  };
}

export const squareConnector = createSquareConnector();
