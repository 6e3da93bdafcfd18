import { createHmac } from 'node:crypto';
import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder } from '../../imports/imported-order.js';
import type { PlatformConnector } from './connector.js';
import { type ConnectorOptions, documentedWait, platformFailure, platformHttp, requestUrl, requireCredential } from './http.js';
import { address, buyer, dollars, epochSeconds, isoDate } from './mapping.js';

/**
 * TikTok Shop Partner API, version 202309 (https://partner.tiktokshop.com/docv2/page/650aa8094a0bb702c06df242):
 * POST /order/202309/orders/search?app_key&timestamp&shop_cipher&page_size&page_token&sign with the seller's token
 * in x-tts-access-token and a JSON body of filters (update_time_ge, epoch seconds). Every request is signed:
 * HMAC-SHA256 keyed by the app secret over secret + path + the sorted query parameters (without sign and
 * access_token) as key+value + the body + secret, in hex. Answers are { code, message, data }; code 0 is success,
 * 105xxx codes are token problems. Pages by next_page_token (100 at most). A 429 (code 36009002) names no wait;
 * back-off from 1 s. The error codes come from TikTok's common-errors page as integrators quote it (the partner
 * documentation itself needs a login): doubts in docs/decisions.md.
 */
const MAX_PAGE = 100;
const PATH = '/order/202309/orders/search';

interface TikTokOrder {
  id: string;
  status?: string;
  create_time?: number;
  buyer_email?: string;
  recipient_address?: {
    name?: string;
    first_name?: string;
    last_name?: string;
    phone_number?: string;
    address_line1?: string;
    address_line2?: string;
    postal_code?: string;
    region_code?: string;
    district_info?: { address_level_name?: string; address_name?: string }[];
  };
  payment?: { sub_total?: string; shipping_fee?: string; tax?: string; total_amount?: string };
  line_items?: { sku_id?: string; seller_sku?: string; product_name?: string; sku_name?: string; sale_price?: string }[];
}

interface TikTokAnswer {
  code?: number;
  message?: string;
  data?: { next_page_token?: string; orders?: TikTokOrder[] };
}

const STATUS: Record<string, OrderStatus> = {
  UNPAID: 'pending',
  ON_HOLD: 'pending',
  AWAITING_SHIPMENT: 'unshipped',
  PARTIALLY_SHIPPING: 'unshipped',
  AWAITING_COLLECTION: 'unshipped',
  IN_TRANSIT: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'delivered',
  CANCELLED: 'cancelled',
};

/**
 * The request signature TikTok Shop checks (see above). `body` is the exact JSON sent; TikTok signs it for every
 * request that is not multipart, so a POST with filters must be signed over the same bytes it carries.
 */
export function tiktokSignature(secret: string, path: string, query: URLSearchParams, body: string): string {
  const params = [...query.entries()]
    .filter(([key]) => key !== 'sign' && key !== 'access_token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}${value}`)
    .join('');
  return createHmac('sha256', secret).update(`${secret}${path}${params}${body}${secret}`).digest('hex');
}

/**
 * The HTTP status an error code in TikTok's answer stands for: 105xxx are token problems (the seller reconnects),
 * 36009002 is its "too many requests" (the queue retries later); anything else is TikTok's fault to us.
 */
function answerStatus(code: number | undefined): number {
  if (String(code).startsWith('105')) return 401;
  if (code === 36009002) return 429;
  return 502;
}

function toOrder(order: TikTokOrder): ImportedOrder {
  const r = order.recipient_address;
  const district = (level: string) => r?.district_info?.find((d) => d.address_level_name?.toLowerCase() === level)?.address_name;
  const shipTo = r
    ? address({
        name: r.name ?? [r.first_name, r.last_name].filter(Boolean).join(' '),
        address1: r.address_line1,
        address2: r.address_line2,
        city: district('city'),
        state: district('state'),
        zip: r.postal_code,
        country: r.region_code,
        phone: r.phone_number,
      })
    : undefined;
  // TikTok lists one line item per unit sold; lines of the same SKU at the same price are one item here.
  const items = new Map<string, { sku?: string; name: string; quantity: number; price: number }>();
  for (const li of order.line_items ?? []) {
    const price = dollars(li.sale_price);
    const key = `${li.sku_id ?? li.seller_sku ?? li.product_name}|${price}`;
    const existing = items.get(key);
    if (existing) existing.quantity += 1;
    else
      items.set(key, {
        ...(li.seller_sku ? { sku: li.seller_sku } : {}),
        name: [li.product_name, li.sku_name].filter(Boolean).join(' - ') || 'Item',
        quantity: 1,
        price,
      });
  }
  return {
    source: 'tiktok',
    platformOrderId: order.id,
    orderNumber: order.id,
    orderDate: isoDate(order.create_time),
    status: STATUS[order.status ?? ''] ?? 'unshipped',
    // TikTok Shop's buyers are the marketplace's customers: marketing email to them is not ours to send.
    customer: buyer({ firstName: r?.first_name, lastName: r?.last_name, fullName: r?.name, email: order.buyer_email, phone: r?.phone_number, address: shipTo, marketingAllowed: false }),
    shipTo,
    items: [...items.values()],
    subtotal: dollars(order.payment?.sub_total),
    shipping: dollars(order.payment?.shipping_fee),
    tax: dollars(order.payment?.tax),
    total: dollars(order.payment?.total_amount),
  };
}

export function createTikTokConnector(options: ConnectorOptions = {}): PlatformConnector {
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  return {
    platform: 'tiktok',
    authorizeUrl({ clientId, state }) {
      // clientId is the app's service id; the redirect address is the one registered with the app.
      const url = new URL('https://services.us.tiktokshop.com/open/authorize');
      url.search = new URLSearchParams({ service_id: clientId, state }).toString();
      return url.toString();
    },
    async fetchOrders({ credentials, baseUrl }, since, page) {
      const appKey = requireCredential(credentials.apiKey, 'TikTok Shop', 'app key');
      const secret = requireCredential(credentials.apiSecret, 'TikTok Shop', 'app secret');
      const token = requireCredential(credentials.accessToken, 'TikTok Shop', 'access token');
      const shopCipher = requireCredential(credentials.extra?.shopCipher, 'TikTok Shop', 'shop cipher');
      const base = baseUrl ?? 'https://open-api.tiktokglobalshop.com';
      const http = platformHttp({ name: 'TikTok Shop', baseUrl: base, headers: { 'x-tts-access-token': token }, rateLimit: documentedWait(1_000) }, options);

      const filters = since ? { update_time_ge: epochSeconds(since) } : {};
      // The client sends JSON.stringify(json): the very bytes signed here.
      const body = JSON.stringify(filters);
      const query = requestUrl(base, PATH, {
        app_key: appKey,
        timestamp: Math.floor(Date.now() / 1000),
        shop_cipher: shopCipher,
        page_size: pageSize,
        sort_field: 'update_time',
        sort_order: 'ASC',
        page_token: page,
      }).searchParams;
      query.set('sign', tiktokSignature(secret, PATH, query, body));
      const res = await http.request<TikTokAnswer>({ method: 'POST', path: PATH, query, json: filters });
      const answer = res.body;
      if (answer.code !== 0) throw platformFailure('TikTok Shop', answerStatus(answer.code));
      return { orders: (answer.data?.orders ?? []).map(toOrder), next: answer.data?.next_page_token || undefined };
    },
  };
}

export const tiktokConnector = createTikTokConnector();
