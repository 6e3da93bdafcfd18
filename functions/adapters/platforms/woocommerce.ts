import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { storeBase } from '../../../shared/domain/platforms.js';
import { basicAuth, type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity, round2 } from './mapping.js';

/**
 * WooCommerce REST API v3 (https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders): GET
 * {store}/wp-json/wc/v3/orders with HTTP Basic consumer key/secret, pages by page/per_page (100 at most) with the
 * page count in X-WP-TotalPages, changes since a date by modified_after. WooCommerce itself does not rate-limit
 * the REST API; hosts in front of it answer 429 with Retry-After, honoured here.
 */
const MAX_PAGE = 100;

interface WooAddress {
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  email?: string;
  phone?: string;
}

interface WooOrder {
  id: number;
  number?: string;
  status: string;
  date_created_gmt?: string;
  date_created?: string;
  total?: string;
  total_tax?: string;
  shipping_total?: string;
  billing?: WooAddress;
  shipping?: WooAddress;
  line_items?: { name?: string; sku?: string; quantity?: number; price?: number | string; subtotal?: string }[];
}

const STATUS: Record<string, OrderStatus> = {
  pending: 'pending',
  'on-hold': 'pending',
  failed: 'pending',
  'checkout-draft': 'pending',
  processing: 'unshipped',
  completed: 'shipped',
  cancelled: 'cancelled',
  refunded: 'cancelled',
  trash: 'cancelled',
};

const wooAddress = (a: WooAddress | undefined) =>
  a &&
  address({
    name: [a.first_name, a.last_name].filter(Boolean).join(' '),
    company: a.company,
    address1: a.address_1,
    address2: a.address_2,
    city: a.city,
    state: a.state,
    zip: a.postcode,
    country: a.country,
    phone: a.phone,
  });

function toOrder(order: WooOrder): ImportedOrder {
  const shipTo = wooAddress(order.shipping);
  const items = (order.line_items ?? []).map((li) => ({
    ...(li.sku ? { sku: li.sku } : {}),
    name: li.name ?? 'Item',
    quantity: quantity(li.quantity),
    price: dollars(li.price),
  }));
  return {
    source: 'woocommerce',
    platformOrderId: String(order.id),
    orderNumber: order.number ?? String(order.id),
    // date_created_gmt has no zone designator; it is UTC.
    orderDate: isoDate(order.date_created_gmt ? `${order.date_created_gmt}Z` : order.date_created),
    status: STATUS[order.status] ?? 'unshipped',
    customer: buyer({
      firstName: order.billing?.first_name,
      lastName: order.billing?.last_name,
      email: order.billing?.email,
      phone: order.billing?.phone,
      company: order.billing?.company,
      address: shipTo ?? wooAddress(order.billing),
    }),
    shipTo,
    items,
    subtotal: round2((order.line_items ?? []).reduce((sum, li) => sum + dollars(li.subtotal), 0)),
    shipping: dollars(order.shipping_total),
    tax: dollars(order.total_tax),
    total: dollars(order.total),
  };
}

export function createWooCommerceConnector(options: ConnectorOptions = {}): PlatformConnector {
  const perPage = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'woocommerce',
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const key = requireCredential(credentials.apiKey, 'WooCommerce', 'consumer key');
      const secret = requireCredential(credentials.apiSecret, 'WooCommerce', 'consumer secret');
      const base = baseUrl ?? `${storeBase(requireCredential(credentials.storeUrl, 'WooCommerce', 'store URL'))}/wp-json/wc/v3`;
      const http = platformHttp(
        { name: 'WooCommerce', baseUrl: base, headers: { authorization: basicAuth(key, secret) }, rateLimit: retryAfter('retry-after', 5_000), sellerAddress: !baseUrl },
        options,
      );
      const pageNumber = page ? Number(page) : 1;
      const res = await http.request<WooOrder[]>({
        path: '/orders',
        query: { page: pageNumber, per_page: perPage, orderby: 'date', order: 'asc', modified_after: since },
      });
      const totalPages = Number(res.headers.get('x-wp-totalpages') ?? '1');
      return { orders: (Array.isArray(res.body) ? res.body : []).map(toOrder), next: pageNumber < totalPages ? String(pageNumber + 1) : undefined };
    },
  };
}

export const wooCommerceConnector = createWooCommerceConnector();
