import type { OrderStatus } from '../../../shared/domain/orders.js';
import { SHOPIFY_STORE_INVALID, shopifyShopHost } from '../../../shared/domain/platforms.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import { type PlatformConnector, PlatformError } from './connector.js';
import { type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity, round2 } from './mapping.js';
import { requestToken, requireSecret, tokenEndpoint } from './oauth.js';

/**
 * Shopify Admin REST API (https://shopify.dev/docs/api/admin-rest): GET /admin/api/{version}/orders.json with
 * X-Shopify-Access-Token, cursor pages through the Link header's page_info (a page_info request may carry nothing
 * but limit), 429 answered with Retry-After in seconds (fractions allowed).
 */
export const SHOPIFY_API_VERSION = '2025-07';
const MAX_PAGE = 250;

interface ShopifyAddress {
  name?: string;
  first_name?: string;
  last_name?: string;
  company?: string | null;
  address1?: string;
  address2?: string | null;
  city?: string;
  province_code?: string | null;
  province?: string | null;
  zip?: string;
  country_code?: string;
  phone?: string | null;
}

interface ShopifyOrder {
  id: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  created_at: string;
  cancelled_at?: string | null;
  financial_status?: string | null;
  fulfillment_status?: string | null;
  subtotal_price?: string;
  total_tax?: string;
  total_price?: string;
  total_shipping_price_set?: { shop_money?: { amount?: string } };
  shipping_lines?: { price?: string }[];
  line_items?: { sku?: string | null; name?: string; title?: string; quantity?: number; price?: string }[];
  shipping_address?: ShopifyAddress | null;
  billing_address?: ShopifyAddress | null;
  customer?: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null } | null;
}

function status(order: ShopifyOrder): OrderStatus {
  if (order.cancelled_at) return 'cancelled';
  if (order.fulfillment_status === 'fulfilled') return 'shipped';
  if (order.financial_status === 'pending' || order.financial_status === 'authorized') return 'pending';
  return 'unshipped';
}

const shopifyAddress = (a: ShopifyAddress | null | undefined) =>
  a
    ? address({
        name: a.name ?? [a.first_name, a.last_name].filter(Boolean).join(' '),
        company: a.company,
        address1: a.address1,
        address2: a.address2,
        city: a.city,
        state: a.province_code ?? a.province,
        zip: a.zip,
        country: a.country_code,
        phone: a.phone,
      })
    : undefined;

function toOrder(order: ShopifyOrder): ImportedOrder {
  const shipTo = shopifyAddress(order.shipping_address);
  const shipping = order.total_shipping_price_set?.shop_money?.amount
    ? dollars(order.total_shipping_price_set.shop_money.amount)
    : round2((order.shipping_lines ?? []).reduce((sum, line) => sum + dollars(line.price), 0));
  return {
    source: 'shopify',
    platformOrderId: String(order.id),
    orderNumber: order.name,
    orderDate: isoDate(order.created_at),
    status: status(order),
    customer: buyer({
      firstName: order.customer?.first_name,
      lastName: order.customer?.last_name,
      email: order.customer?.email ?? order.email,
      phone: order.customer?.phone ?? order.phone,
      address: shipTo ?? shopifyAddress(order.billing_address),
    }),
    shipTo,
    items: (order.line_items ?? []).map((li) => ({
      ...(li.sku ? { sku: li.sku } : {}),
      name: li.name ?? li.title ?? 'Item',
      quantity: quantity(li.quantity),
      price: dollars(li.price),
    })),
    subtotal: dollars(order.subtotal_price),
    shipping,
    tax: dollars(order.total_tax),
    total: dollars(order.total_price),
  };
}

/** The page_info of the Link header's rel="next" URL. */
export function nextPageInfo(link: string | null): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/);
    if (match) return new URL(match[1]!).searchParams.get('page_info') ?? undefined;
  }
  return undefined;
}

/** The shop's myshopify.com host; any other address is refused before a request is made (shopifyShopHost). */
function shopDomain(storeUrl: string | undefined): string {
  const shop = shopifyShopHost(requireCredential(storeUrl, 'Shopify', 'store address'));
  if (!shop) throw new PlatformError(SHOPIFY_STORE_INVALID, 400, false);
  return shop;
}

export function createShopifyConnector(options: ConnectorOptions = {}): PlatformConnector {
  const limit = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'shopify',
    authorizeUrl({ clientId, redirectUri, state, storeUrl }) {
      const url = new URL(`https://${shopDomain(storeUrl)}/admin/oauth/authorize`);
      url.search = new URLSearchParams({ client_id: clientId, scope: 'read_orders,read_customers', redirect_uri: redirectUri, state }).toString();
      return url.toString();
    },
    // Shopify's offline access token (POST https://{shop}/admin/oauth/access_token, JSON client_id, client_secret,
    // code) does not expire: no refresh.
    async exchangeCode({ client, baseUrl }, { code, storeUrl }) {
      const shop = shopDomain(storeUrl);
      const token = await requestToken('Shopify', tokenEndpoint(`https://${shop}/admin/oauth/access_token`, baseUrl), {
        json: { client_id: client.clientId, client_secret: requireSecret(client.clientSecret, 'Shopify'), code },
      }, options, !baseUrl);
      return { accessToken: token.access_token, storeUrl: `https://${shop}` };
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const token = requireCredential(credentials.accessToken, 'Shopify', 'access token');
      const base = baseUrl ?? `https://${shopDomain(credentials.storeUrl)}/admin/api/${SHOPIFY_API_VERSION}`;
      const http = platformHttp(
        { name: 'Shopify', baseUrl: base, headers: { 'x-shopify-access-token': token }, rateLimit: retryAfter('retry-after', 2_000), sellerAddress: !baseUrl },
        options,
      );
      const query = page
        ? { page_info: page, limit }
        : { status: 'any', limit, order: 'updated_at asc', updated_at_min: since };
      const res = await http.request<{ orders?: ShopifyOrder[] }>({ path: '/orders.json', query });
      return { orders: (res.body.orders ?? []).map(toOrder), next: nextPageInfo(res.headers.get('link')) };
    },
  };
}

export const shopifyConnector = createShopifyConnector();
