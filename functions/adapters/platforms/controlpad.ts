import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { type ConnectorOptions, platformHttp, requireCredential, retryAfter } from './http.js';
import { address, buyer, dollars, isoDate, quantity } from './mapping.js';

/**
 * ControlPad publishes no API reference we could find (its developer documentation is given to partners only), so
 * this connector is modelled on the conventions of the documented platforms here and every fact in it is an
 * assumption to check against ControlPad's partner documentation before live sync is offered (docs/decisions.md):
 * REST over HTTPS at https://api.controlpad.com/api/v0, the seller's API key as a bearer token, GET /orders
 * filtered by updated_since (ISO 8601) and sorted by updated_at, page/per_page pages in a { data, current_page,
 * last_page } envelope. A 429's Retry-After is honoured when sent, otherwise back-off from 5 s.
 */
const MAX_PAGE = 100;

interface ControlPadOrder {
  id: number | string;
  receipt_id?: string;
  status?: string;
  created_at?: string;
  subtotal?: number | string;
  shipping?: number | string;
  tax?: number | string;
  total?: number | string;
  customer?: { first_name?: string; last_name?: string; email?: string; phone?: string };
  shipping_address?: { name?: string; address_1?: string; address_2?: string; city?: string; state?: string; zip?: string; country?: string; phone?: string };
  lines?: { sku?: string; name?: string; quantity?: number; price?: number | string }[];
}

const STATUS: Record<string, OrderStatus> = {
  pending: 'pending',
  unpaid: 'pending',
  paid: 'unshipped',
  unfulfilled: 'unshipped',
  processing: 'unshipped',
  fulfilled: 'shipped',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  refunded: 'cancelled',
};

function toOrder(order: ControlPadOrder): ImportedOrder {
  const s = order.shipping_address;
  const shipTo = s && address({ name: s.name, address1: s.address_1, address2: s.address_2, city: s.city, state: s.state, zip: s.zip, country: s.country, phone: s.phone });
  return {
    source: 'controlpad',
    platformOrderId: String(order.id),
    orderNumber: order.receipt_id ?? String(order.id),
    orderDate: isoDate(order.created_at),
    status: STATUS[(order.status ?? '').toLowerCase()] ?? 'unshipped',
    customer: buyer({ firstName: order.customer?.first_name, lastName: order.customer?.last_name, email: order.customer?.email, phone: order.customer?.phone, address: shipTo }),
    shipTo,
    items: (order.lines ?? []).map((line) => ({
      ...(line.sku ? { sku: line.sku } : {}),
      name: line.name ?? 'Item',
      quantity: quantity(line.quantity),
      price: dollars(line.price),
    })),
    subtotal: dollars(order.subtotal),
    shipping: dollars(order.shipping),
    tax: dollars(order.tax),
    total: dollars(order.total),
  };
}

export function createControlPadConnector(options: ConnectorOptions = {}): PlatformConnector {
  const perPage = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'controlpad',
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const key = requireCredential(credentials.apiKey ?? credentials.accessToken, 'ControlPad', 'API key');
      const http = platformHttp(
        { name: 'ControlPad', baseUrl: baseUrl ?? 'https://api.controlpad.com/api/v0', headers: { authorization: `Bearer ${key}` }, rateLimit: retryAfter('retry-after', 5_000) },
        options,
      );
      const pageNumber = page ? Number(page) : 1;
      const res = await http.request<{ data?: ControlPadOrder[]; current_page?: number; last_page?: number }>({
        path: '/orders',
        query: { updated_since: since, page: pageNumber, per_page: perPage, sort: 'updated_at' },
      });
      const current = res.body.current_page ?? pageNumber;
      return { orders: (res.body.data ?? []).map(toOrder), next: current < (res.body.last_page ?? current) ? String(current + 1) : undefined };
    },
  };
}

export const controlPadConnector = createControlPadConnector();
