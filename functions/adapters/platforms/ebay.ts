import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { basicAuth, type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity, round2 } from './mapping.js';
import { expiryIn, granted, refreshed, requestToken, requireRefreshToken, requireSecret, tokenEndpoint } from './oauth.js';

/**
 * eBay's user tokens (https://developer.ebay.com/api-docs/static/oauth-authorization-code-grant.html): POST
 * /identity/v1/oauth2/token, form, Basic client id:secret. Access tokens live two hours (expires_in 7200), the
 * refresh token 18 months; a refresh names the scopes again and brings no new refresh token.
 */
const TOKEN_URL = 'https://api.ebay.com/identity/v1/oauth2/token';

/**
 * eBay Sell Fulfillment API v1 (https://developer.eBay.com/api-docs/sell/fulfillment/resources/order/methods/getOrders):
 * GET /sell/fulfillment/v1/order with an OAuth user token (scope sell.fulfillment.readonly), changes since a date
 * by filter=lastmodifieddate:[since..], offset/limit pages (200 at most) against `total`. eBay documents no wait
 * header for its 429; a Retry-After is honoured when sent, otherwise back-off from 5 s.
 */
const MAX_PAGE = 200;
const SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly';

interface EbayAmount {
  value?: string;
}

interface EbayContact {
  fullName?: string;
  companyName?: string;
  email?: string;
  primaryPhone?: { phoneNumber?: string };
  contactAddress?: { addressLine1?: string; addressLine2?: string; city?: string; stateOrProvince?: string; postalCode?: string; countryCode?: string };
}

interface EbayOrder {
  orderId: string;
  creationDate?: string;
  orderFulfillmentStatus?: string;
  orderPaymentStatus?: string;
  cancelStatus?: { cancelState?: string };
  buyer?: { username?: string; buyerRegistrationAddress?: EbayContact };
  pricingSummary?: { priceSubtotal?: EbayAmount; deliveryCost?: EbayAmount; tax?: EbayAmount; total?: EbayAmount };
  lineItems?: { sku?: string; title?: string; quantity?: number; lineItemCost?: EbayAmount }[];
  fulfillmentStartInstructions?: { shippingStep?: { shipTo?: EbayContact } }[];
}

function status(order: EbayOrder): OrderStatus {
  if (order.cancelStatus?.cancelState === 'CANCELED') return 'cancelled';
  if (order.orderFulfillmentStatus === 'FULFILLED') return 'shipped';
  if (order.orderPaymentStatus === 'PENDING' || order.orderPaymentStatus === 'FAILED') return 'pending';
  return 'unshipped';
}

const ebayAddress = (c: EbayContact | undefined) =>
  c &&
  address({
    name: c.fullName,
    company: c.companyName,
    address1: c.contactAddress?.addressLine1,
    address2: c.contactAddress?.addressLine2,
    city: c.contactAddress?.city,
    state: c.contactAddress?.stateOrProvince,
    zip: c.contactAddress?.postalCode,
    country: c.contactAddress?.countryCode,
    phone: c.primaryPhone?.phoneNumber,
  });

function toOrder(order: EbayOrder): ImportedOrder {
  const recipient = order.fulfillmentStartInstructions?.[0]?.shippingStep?.shipTo;
  const registered = order.buyer?.buyerRegistrationAddress;
  const shipTo = ebayAddress(recipient);
  const pricing = order.pricingSummary;
  return {
    source: 'ebay',
    platformOrderId: order.orderId,
    orderNumber: order.orderId,
    orderDate: isoDate(order.creationDate),
    status: status(order),
    // eBay's buyers are the marketplace's customers: its rules forbid marketing email to them.
    customer: buyer({
      fullName: registered?.fullName ?? recipient?.fullName ?? order.buyer?.username,
      email: registered?.email ?? recipient?.email,
      phone: registered?.primaryPhone?.phoneNumber,
      address: shipTo ?? ebayAddress(registered),
      marketingAllowed: false,
    }),
    shipTo,
    items: (order.lineItems ?? []).map((li) => {
      const count = quantity(li.quantity);
      // lineItemCost is the unit price times the quantity.
      return { ...(li.sku ? { sku: li.sku } : {}), name: li.title ?? 'Item', quantity: count, price: round2(dollars(li.lineItemCost?.value) / count) };
    }),
    subtotal: dollars(pricing?.priceSubtotal?.value),
    shipping: dollars(pricing?.deliveryCost?.value),
    tax: dollars(pricing?.tax?.value),
    total: dollars(pricing?.total?.value),
  };
}

export function createEbayConnector(options: ConnectorOptions = {}): PlatformConnector {
  const limit = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'ebay',
    authorizeUrl({ clientId, redirectUri, state }) {
      const url = new URL('https://auth.ebay.com/oauth2/authorize');
      // eBay's redirect_uri is the app's RuName, not a URL.
      url.search = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: SCOPE, state }).toString();
      return url.toString();
    },
    async exchangeCode({ client, baseUrl }, { code, redirectUri }) {
      const token = await requestToken('eBay', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { authorization: basicAuth(client.clientId, requireSecret(client.clientSecret, 'eBay')) },
        form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      }, options);
      return granted({ accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in) });
    },
    async refresh({ client, baseUrl }, credentials) {
      const token = await requestToken('eBay', tokenEndpoint(TOKEN_URL, baseUrl), {
        headers: { authorization: basicAuth(client.clientId, requireSecret(client.clientSecret, 'eBay')) },
        form: { grant_type: 'refresh_token', refresh_token: requireRefreshToken(credentials, 'eBay'), scope: SCOPE },
      }, options);
      return refreshed(credentials, { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt: expiryIn(token.expires_in) });
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const token = requireCredential(credentials.accessToken, 'eBay', 'access token');
      const http = platformHttp(
        { name: 'eBay', baseUrl: baseUrl ?? 'https://api.ebay.com/sell/fulfillment/v1', headers: { authorization: `Bearer ${token}` }, rateLimit: retryAfter('retry-after', 5_000) },
        options,
      );
      const offset = page ? Number(page) : 0;
      const res = await http.request<{ total?: number; orders?: EbayOrder[] }>({
        path: '/order',
        query: { limit, offset, filter: since ? `lastmodifieddate:[${new Date(since).toISOString()}..]` : undefined },
      });
      const orders = res.body.orders ?? [];
      const read = offset + orders.length;
      return { orders: orders.map(toOrder), next: orders.length > 0 && read < (res.body.total ?? 0) ? String(read) : undefined };
    },
  };
}

export const ebayConnector = createEbayConnector();
