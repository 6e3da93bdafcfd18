import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { basicAuth, type ConnectorOptions, documentedWait, platformHttp, requireCredential } from './http.js';
import { address, buyer, dollars, isoDate, itemsSubtotal, quantity, round2 } from './mapping.js';

/**
 * PayPal Transaction Search (https://developer.paypal.com/docs/api/transaction-search/v1/): an access token by
 * client credentials (POST /v1/oauth2/token, Basic client id:secret of the seller's REST app), then GET
 * /v1/reporting/transactions with start_date and end_date at most 31 days apart, page/page_size (500 at most)
 * against total_pages. A sync from an older date walks 31-day windows; the page cursor is "start|end|page".
 * Transactions appear up to three hours late, so a sync starts that long before its `since`.
 * Only payments received (event codes T00xx, positive amount) are orders. PayPal's 429 (RATE_LIMIT_REACHED)
 * names no wait; back-off from 5 s.
 */
const MAX_PAGE = 500;
const WINDOW_MS = 31 * 24 * 3600 * 1000;
/** Where a first sync starts: PayPal's own "last 30 days" view. */
const FIRST_SYNC_MS = 30 * 24 * 3600 * 1000;
/** Transactions take up to three hours to appear in the search, so a sync looks that far behind its cursor. */
const LATE_MS = 3 * 3600 * 1000;

interface PayPalAmount {
  value?: string;
}

interface PayPalTransaction {
  transaction_info: {
    transaction_id: string;
    transaction_event_code?: string;
    transaction_initiation_date?: string;
    transaction_amount?: PayPalAmount;
    shipping_amount?: PayPalAmount;
    sales_tax_amount?: PayPalAmount;
    transaction_status?: string;
    transaction_subject?: string;
    invoice_id?: string;
  };
  payer_info?: {
    email_address?: string;
    phone_number?: { national_number?: string };
    payer_name?: { given_name?: string; surname?: string; alternate_full_name?: string };
  };
  shipping_info?: { name?: string; address?: { line1?: string; line2?: string; city?: string; state?: string; country_code?: string; postal_code?: string } };
  cart_info?: { item_details?: { item_code?: string; item_name?: string; item_quantity?: string; item_unit_price?: PayPalAmount; item_amount?: PayPalAmount }[] };
}

const STATUS: Record<string, OrderStatus> = { S: 'unshipped', P: 'pending', D: 'cancelled', V: 'cancelled' };

/** Payments received: PayPal's T00xx event codes with money coming in (payments sent are negative). */
const isSale = (t: PayPalTransaction) => (t.transaction_info.transaction_event_code ?? '').startsWith('T00') && dollars(t.transaction_info.transaction_amount?.value) > 0;

function toOrder(t: PayPalTransaction): ImportedOrder {
  const info = t.transaction_info;
  const a = t.shipping_info?.address;
  const shipTo = a
    ? address({ name: t.shipping_info?.name, address1: a.line1, address2: a.line2, city: a.city, state: a.state, zip: a.postal_code, country: a.country_code })
    : undefined;
  const total = dollars(info.transaction_amount?.value);
  const shipping = dollars(info.shipping_amount?.value);
  const tax = dollars(info.sales_tax_amount?.value);
  const cart = (t.cart_info?.item_details ?? []).map((item) => {
    const count = quantity(item.item_quantity);
    return {
      ...(item.item_code ? { sku: item.item_code } : {}),
      name: item.item_name ?? 'Item',
      quantity: count,
      price: item.item_unit_price?.value !== undefined ? dollars(item.item_unit_price.value) : round2(dollars(item.item_amount?.value) / count),
    };
  });
  const subtotal = cart.length > 0 ? itemsSubtotal(cart) : round2(total - shipping - tax);
  const name = t.payer_info?.payer_name;
  return {
    source: 'paypal',
    platformOrderId: info.transaction_id,
    orderNumber: info.invoice_id ?? info.transaction_id,
    orderDate: isoDate(info.transaction_initiation_date),
    status: STATUS[info.transaction_status ?? ''] ?? 'pending',
    customer: buyer({
      firstName: name?.given_name,
      lastName: name?.surname,
      fullName: name?.alternate_full_name,
      email: t.payer_info?.email_address,
      phone: t.payer_info?.phone_number?.national_number,
      address: shipTo,
    }),
    shipTo,
    items: cart.length > 0 ? cart : [{ name: info.transaction_subject ?? 'PayPal payment', quantity: 1, price: subtotal }],
    subtotal,
    shipping,
    tax,
    total,
  };
}

interface Window {
  start: string;
  end: string;
  page: number;
}

/** PayPal's dates are RFC 3339 to the second ("2026-03-01T00:00:00Z"); it refuses fractions of a second. */
const paypalDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const windowFrom = (startMs: number, page = 1): Window => ({
  start: paypalDate(startMs),
  end: paypalDate(Math.min(startMs + WINDOW_MS, Date.now())),
  page,
});

function parseCursor(cursor: string): Window {
  const [start = '', end = '', page = '1'] = cursor.split('|');
  return { start, end, page: Number(page) };
}

export function createPayPalConnector(options: ConnectorOptions = {}): PlatformConnector {
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'paypal',
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const clientId = requireCredential(credentials.apiKey, 'PayPal', 'client id');
      const secret = requireCredential(credentials.apiSecret, 'PayPal', 'secret');
      const base = baseUrl ?? 'https://api-m.paypal.com';
      const rateLimit = documentedWait(5_000);
      const auth = platformHttp({ name: 'PayPal', baseUrl: base, headers: { authorization: basicAuth(clientId, secret) }, rateLimit }, options);
      const token = await auth.request<{ access_token?: string }>({ path: '/v1/oauth2/token', form: { grant_type: 'client_credentials' } });
      const http = platformHttp({ name: 'PayPal', baseUrl: base, headers: { authorization: `Bearer ${token.body.access_token ?? ''}` }, rateLimit }, options);

      const span = page ? parseCursor(page) : windowFrom(since ? Date.parse(since) - LATE_MS : Date.now() - FIRST_SYNC_MS);
      const res = await http.request<{ transaction_details?: PayPalTransaction[]; total_pages?: number }>({
        path: '/v1/reporting/transactions',
        query: { start_date: span.start, end_date: span.end, fields: 'all', page_size: pageSize, page: span.page },
      });
      const orders = (res.body.transaction_details ?? []).filter(isSale).map(toOrder);
      let next: string | undefined;
      if (span.page < (res.body.total_pages ?? 1)) next = `${span.start}|${span.end}|${span.page + 1}`;
      // A full window may have more after it; the one cut short at "now" is the last.
      else if (Date.parse(span.end) - Date.parse(span.start) >= WINDOW_MS) {
        const following = windowFrom(Date.parse(span.end));
        next = `${following.start}|${following.end}|1`;
      }
      return { orders, next };
    },
  };
}

export const payPalConnector = createPayPalConnector();
