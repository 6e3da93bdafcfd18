import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { createTikTokConnector } from '../../../functions/adapters/platforms/tiktok.js';
import type { FakeRequest } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as TikTok Shop's Get Order List (202309) documents them, inside its { code, message, data } answer. */
const order = (id: string, status: string) => ({
  id,
  status,
  create_time: 1772452800,
  update_time: 1772452800,
  buyer_email: 'v0abcdef@scs.tiktokw.us',
  recipient_address: { name: 'T Buyer', region_code: 'US' },
  payment: { currency: 'USD', sub_total: '5.00', shipping_fee: '0.00', tax: '0.00', total_amount: '5.00' },
  line_items: [],
});

const line = (id: string) => ({ id, sku_id: '1729582718312380', seller_sku: 'GLOSS-PINK', product_name: 'Lip Gloss', sku_name: 'Pink', sale_price: '12.00', original_price: '15.00', currency: 'USD' });

const ORDERS = [
  {
    id: '576461413038785752',
    status: 'AWAITING_SHIPMENT',
    create_time: 1772380800,
    update_time: 1772384400,
    buyer_email: 'v0buyer123@scs.tiktokw.us',
    recipient_address: {
      name: 'Mae Jemison',
      first_name: 'Mae',
      last_name: 'Jemison',
      phone_number: '(+1)312-555-0134',
      address_line1: '400 Shuttle Blvd',
      address_line2: '',
      postal_code: '60601',
      region_code: 'US',
      full_address: '400 Shuttle Blvd, Chicago, Illinois, 60601',
      district_info: [
        { address_level_name: 'Country', address_name: 'United States', address_level: 'L0' },
        { address_level_name: 'State', address_name: 'Illinois', address_level: 'L1' },
        { address_level_name: 'City', address_name: 'Chicago', address_level: 'L3' },
      ],
    },
    payment: { currency: 'USD', sub_total: '36.00', shipping_fee: '4.99', seller_discount: '0', platform_discount: '0', tax: '2.97', total_amount: '43.96' },
    // One line per unit sold.
    line_items: [line('1'), line('2'), { ...line('3'), sku_id: '1729582718312399', seller_sku: 'GLOSS-NUDE', sku_name: 'Nude' }],
  },
  order('576461413038785753', 'IN_TRANSIT'),
  order('576461413038785754', 'CANCELLED'),
  order('576461413038785755', 'UNPAID'),
  order('576461413038785756', 'DELIVERED'),
];

const APP_KEY = '6a6b1c2d3e';
const SECRET = 'tts-app-secret';
const TOKEN = 'ROW_tts-access-token';
const PATH = '/order/202309/orders/search';

/** TikTok Shop's documented signature, computed independently of the connector. */
function signed(r: FakeRequest): boolean {
  const keys = [...r.query.keys()].filter((k) => k !== 'sign' && k !== 'access_token').sort();
  const plain = SECRET + r.path + keys.map((k) => k + r.query.get(k)).join('') + r.body + SECRET;
  return r.query.get('sign') === createHmac('sha256', SECRET).update(plain).digest('hex');
}

export const tiktok: PlatformCase = {
  platform: 'tiktok',
  create: createTikTokConnector,
  credentials: { apiKey: APP_KEY, apiSecret: SECRET, accessToken: TOKEN, extra: { shopCipher: 'ROW_cipher' } },
  revoked: { apiKey: APP_KEY, apiSecret: SECRET, accessToken: 'ROW_revoked', extra: { shopCipher: 'ROW_cipher' } },
  ordersRoute: `POST ${PATH}`,
  fake: {
    authorized: (r) => header(r, 'x-tts-access-token') === TOKEN && r.query.get('app_key') === APP_KEY && signed(r),
    unauthorized: { body: { code: 105002, message: 'Expired credentials. The access_token is expired.', request_id: 'r1', data: {} } },
    rateLimit: { route: `POST ${PATH}`, answer: { body: { code: 36009002, message: 'Too many requests. Please try again later.', request_id: 'r2', data: {} } } },
    routes: {
      [`POST ${PATH}`]: (r) => {
        const size = Number(r.query.get('page_size'));
        const offset = r.query.get('page_token') ? Number(r.query.get('page_token')) : 0;
        const next = offset + size < ORDERS.length ? String(offset + size) : '';
        return { body: { code: 0, message: 'Success', request_id: 'r3', data: { next_page_token: next, total_count: ORDERS.length, orders: ORDERS.slice(offset, offset + size) } } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(JSON.parse(r.body)).toEqual({ update_time_ge: 1772323200 });
    expect([r.query.get('shop_cipher'), r.query.get('page_size'), r.query.get('sort_field'), r.query.get('sort_order'), r.query.has('page_token')]).toEqual(['ROW_cipher', '2', 'update_time', 'ASC', false]);
    expect(Math.abs(Number(r.query.get('timestamp')) - Date.now() / 1000)).toBeLessThan(300);
  },
  waitMs: 1000,
  ids: ORDERS.map((o) => o.id),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'delivered'],
  first: {
    source: 'tiktok',
    platformOrderId: '576461413038785752',
    orderNumber: '576461413038785752',
    orderDate: '2026-03-01T16:00:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Mae',
      lastName: 'Jemison',
      email: 'v0buyer123@scs.tiktokw.us',
      phone: '(+1)312-555-0134',
      marketingAllowed: false,
      address: { name: 'Mae Jemison', address1: '400 Shuttle Blvd', city: 'Chicago', state: 'IL', zip: '60601', country: 'US', phone: '(+1)312-555-0134' },
    },
    shipTo: { name: 'Mae Jemison', address1: '400 Shuttle Blvd', city: 'Chicago', state: 'IL', zip: '60601', country: 'US', phone: '(+1)312-555-0134' },
    items: [
      { sku: 'GLOSS-PINK', name: 'Lip Gloss - Pink', quantity: 2, price: 12 },
      { sku: 'GLOSS-NUDE', name: 'Lip Gloss - Nude', quantity: 1, price: 12 },
    ],
    subtotal: 36,
    shipping: 4.99,
    tax: 2.97,
    total: 43.96,
  },
  authorize: {
    request: { clientId: '7123456789012345678', redirectUri: 'https://desk.example.com/tiktok/callback', state: 'st-7' },
    url: 'https://services.us.tiktokshop.com/open/authorize',
    params: { service_id: '7123456789012345678', state: 'st-7' },
  },
};
