import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity } from './mapping.js';
import { expiryIn, granted, refreshed, requestToken, requireRefreshToken, requireSecret, tokenEndpoint } from './oauth.js';

/**
 * Wix custom authentication (legacy; https://dev.wix.com/docs/rest/app-management/oauth-2/request-an-access-token):
 * POST https://www.wixapis.com/oauth/access, JSON with our app id and secret, for the code (valid 10 minutes) or a
 * refresh token. The answer names no lifetime; Wix documents 5 minutes for access tokens.
 */
const TOKEN_URL = 'https://www.wixapis.com/oauth/access';
const TOKEN_SECONDS = 5 * 60;

/**
 * Wix eCommerce Orders API (https://dev.wix.com/docs/rest/business-solutions/e-commerce/orders/search-orders): POST
 * /ecom/v1/orders/search with the OAuth access token as the Authorization header (no scheme), a filter on
 * updatedDate sorted ascending, cursor paging (100 at most; a request with a cursor carries no filter or sort).
 * Amounts are decimal strings. Wix allows 200 requests a minute per site (app instance) and documents no wait
 * header on its 429: a Retry-After is honoured if one comes, otherwise back-off from 5 s (5, 10, 20 s fit the
 * client's 60 s bound; a longer throttle goes back to the queue).
 */
const BACK_OFF_MS = 5_000;
const MAX_PAGE = 100;

interface WixAmount {
  amount?: string;
}

interface WixContact {
  address?: { addressLine1?: string; addressLine?: string; addressLine2?: string; city?: string; subdivision?: string; country?: string; postalCode?: string };
  contactDetails?: { firstName?: string; lastName?: string; phone?: string; company?: string };
}

interface WixOrder {
  id: string;
  number?: string | number;
  createdDate?: string;
  status?: string;
  paymentStatus?: string;
  fulfillmentStatus?: string;
  buyerInfo?: { email?: string };
  billingInfo?: WixContact;
  shippingInfo?: { logistics?: { shippingDestination?: WixContact } };
  lineItems?: { productName?: { original?: string }; quantity?: number; price?: WixAmount; physicalProperties?: { sku?: string } }[];
  priceSummary?: { subtotal?: WixAmount; shipping?: WixAmount; tax?: WixAmount; total?: WixAmount };
}

function status(order: WixOrder): OrderStatus {
  if (order.status === 'CANCELED') return 'cancelled';
  if (order.fulfillmentStatus === 'FULFILLED') return 'shipped';
  if (order.paymentStatus === 'NOT_PAID' || order.paymentStatus === 'PENDING' || order.status === 'INITIALIZED') return 'pending';
  return 'unshipped';
}

const wixAddress = (c: WixContact | undefined) =>
  c?.address &&
  address({
    name: [c.contactDetails?.firstName, c.contactDetails?.lastName].filter(Boolean).join(' '),
    company: c.contactDetails?.company,
    address1: c.address.addressLine1 ?? c.address.addressLine,
    address2: c.address.addressLine2,
    city: c.address.city,
    state: c.address.subdivision,
    zip: c.address.postalCode,
    country: c.address.country,
    phone: c.contactDetails?.phone,
  });

function toOrder(order: WixOrder): ImportedOrder {
  const shipTo = wixAddress(order.shippingInfo?.logistics?.shippingDestination);
  const contact = order.billingInfo?.contactDetails;
  const prices = order.priceSummary;
  return {
    source: 'wix',
    platformOrderId: order.id,
    orderNumber: String(order.number ?? order.id),
    orderDate: isoDate(order.createdDate),
    status: status(order),
    customer: buyer({
      firstName: contact?.firstName,
      lastName: contact?.lastName,
      email: order.buyerInfo?.email,
      phone: contact?.phone,
      company: contact?.company,
      address: shipTo ?? wixAddress(order.billingInfo),
    }),
    shipTo,
    items: (order.lineItems ?? []).map((li) => ({
      ...(li.physicalProperties?.sku ? { sku: li.physicalProperties.sku } : {}),
      name: li.productName?.original ?? 'Item',
      quantity: quantity(li.quantity),
      price: dollars(li.price?.amount),
    })),
    subtotal: dollars(prices?.subtotal?.amount),
    shipping: dollars(prices?.shipping?.amount),
    tax: dollars(prices?.tax?.amount),
    total: dollars(prices?.total?.amount),
  };
}

export function createWixConnector(options: ConnectorOptions = {}): PlatformConnector {
  const limit = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'wix',
    authorizeUrl({ clientId, redirectUri, state }) {
      const url = new URL('https://www.wix.com/installer/install');
      url.search = new URLSearchParams({ appId: clientId, redirectUrl: redirectUri, state }).toString();
      return url.toString();
    },
    async exchangeCode({ client, baseUrl }, { code, returned }) {
      const token = await requestToken('Wix', tokenEndpoint(TOKEN_URL, baseUrl), {
        json: { grant_type: 'authorization_code', client_id: client.clientId, client_secret: requireSecret(client.clientSecret, 'Wix'), code },
      }, options);
      const instanceId = returned?.instanceId;
      return granted({ accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in ?? TOKEN_SECONDS) }, instanceId ? { extra: { instanceId } } : {});
    },
    async refresh({ client, baseUrl }, credentials) {
      const token = await requestToken('Wix', tokenEndpoint(TOKEN_URL, baseUrl), {
        json: { grant_type: 'refresh_token', client_id: client.clientId, client_secret: requireSecret(client.clientSecret, 'Wix'), refresh_token: requireRefreshToken(credentials, 'Wix') },
      }, options);
      return refreshed(credentials, { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in ?? TOKEN_SECONDS) });
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const token = requireCredential(credentials.accessToken, 'Wix', 'access token');
      const siteId = credentials.extra?.siteId;
      const http = platformHttp(
        { name: 'Wix', baseUrl: baseUrl ?? 'https://www.wixapis.com', headers: { authorization: token, ...(siteId ? { 'wix-site-id': siteId } : {}) }, rateLimit: retryAfter('retry-after', BACK_OFF_MS) },
        options,
      );
      const search = page
        ? { cursorPaging: { limit, cursor: page } }
        : { ...(since ? { filter: { updatedDate: { $gte: since } } } : {}), sort: [{ fieldName: 'updatedDate', order: 'ASC' }], cursorPaging: { limit } };
      const res = await http.request<{ orders?: WixOrder[]; metadata?: { hasNext?: boolean; cursors?: { next?: string | null } } }>({
        method: 'POST',
        path: '/ecom/v1/orders/search',
        json: { search },
      });
      const next = res.body.metadata?.cursors?.next;
      return { orders: (res.body.orders ?? []).map(toOrder), next: res.body.metadata?.hasNext !== false && next ? next : undefined };
    },
  };
}

export const wixConnector = createWixConnector();
