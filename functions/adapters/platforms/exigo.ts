import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { basicAuth, type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity } from './mapping.js';

/**
 * Exigo Web Services API 3.0 (https://api.exigo.com/3.0/, GetOrders): Exigo documents GetOrders' request
 * (GreaterThanModifiedDate, GreaterThanOrderID, BatchSize defaulting to 500) and response (orders with OrderID,
 * OrderStatus, totals, ship-to fields, details), and shows each method's REST form as JSON in camelCase at
 * https://{company}-api.exigo.com/3.0/<resource> with HTTP Basic "{login}@{company}:{password}" (POST /3.0/orders
 * creates an order). That GetOrders is GET /3.0/orders with its properties as camelCase query parameters is our
 * reading of that pattern, not a documented sample. Pages are keyset pages: the next starts after the last
 * OrderID, until a page is shorter than the batch. Exigo documents no rate limit; a 429's Retry-After is honoured,
 * otherwise back-off from 5 s. Doubts are in docs/decisions.md.
 */
const MAX_PAGE = 500;

interface ExigoOrder {
  orderID: number;
  orderStatus?: string;
  orderDate?: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  email?: string;
  phone?: string;
  total?: number;
  subTotal?: number;
  taxTotal?: number;
  shippingTotal?: number;
  details?: { itemCode?: string; description?: string; quantity?: number; priceEach?: number }[];
}

/** Exigo's OrderStatusType. */
const STATUS: Record<string, OrderStatus> = {
  Incomplete: 'pending',
  Pending: 'pending',
  CCPending: 'pending',
  ACHPending: 'pending',
  PendingInventory: 'pending',
  Accepted: 'unshipped',
  Printed: 'unshipped',
  Shipped: 'shipped',
  Canceled: 'cancelled',
  CCDeclined: 'cancelled',
  ACHDeclined: 'cancelled',
};

function toOrder(order: ExigoOrder): ImportedOrder {
  const shipTo = address({
    name: [order.firstName, order.lastName].filter(Boolean).join(' '),
    company: order.company,
    address1: order.address1,
    address2: order.address2,
    address3: order.address3,
    city: order.city,
    state: order.state,
    zip: order.zip,
    country: order.country,
    phone: order.phone,
  });
  return {
    source: 'exigo',
    platformOrderId: String(order.orderID),
    orderNumber: String(order.orderID),
    orderDate: isoDate(order.orderDate),
    status: STATUS[order.orderStatus ?? ''] ?? 'unshipped',
    customer: buyer({ firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone, company: order.company, address: shipTo }),
    shipTo,
    items: (order.details ?? []).map((d) => ({
      ...(d.itemCode ? { sku: d.itemCode } : {}),
      name: d.description ?? d.itemCode ?? 'Item',
      quantity: quantity(d.quantity),
      price: dollars(d.priceEach),
    })),
    subtotal: dollars(order.subTotal),
    shipping: dollars(order.shippingTotal),
    tax: dollars(order.taxTotal),
    total: dollars(order.total),
  };
}

export function createExigoConnector(options: ConnectorOptions = {}): PlatformConnector {
  const batchSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'exigo',
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const company = requireCredential(credentials.extra?.company, 'Exigo', 'company');
      const login = requireCredential(credentials.apiKey, 'Exigo', 'API login');
      const password = requireCredential(credentials.apiSecret, 'Exigo', 'API password');
      const http = platformHttp(
        {
          name: 'Exigo',
          baseUrl: baseUrl ?? `https://${encodeURIComponent(company)}-api.exigo.com/3.0`,
          headers: { authorization: basicAuth(`${login}@${company}`, password) },
          rateLimit: retryAfter('retry-after', 5_000),
        },
        options,
      );
      const res = await http.request<{ orders?: ExigoOrder[] }>({
        path: '/orders',
        query: { greaterThanModifiedDate: since, greaterThanOrderID: page, batchSize },
      });
      const orders = res.body.orders ?? [];
      const last = orders.at(-1);
      return { orders: orders.map(toOrder), next: orders.length >= batchSize && last ? String(last.orderID) : undefined };
    },
  };
}

export const exigoConnector = createExigoConnector();
