import { expect } from 'vitest';
import { createWooCommerceConnector } from '../../../functions/adapters/platforms/woocommerce.js';
import { pageOf } from '../fake-platform.js';
import { basic, header, type PlatformCase } from '../platform-case.js';

/** Orders as the WooCommerce REST API v3 documents them (GET /wp-json/wc/v3/orders). */
const ORDERS = [
  {
    id: 727,
    number: '727',
    status: 'processing',
    currency: 'USD',
    date_created: '2026-03-01T05:15:00',
    date_created_gmt: '2026-03-01T10:15:00',
    shipping_total: '10.00',
    total: '52.94',
    total_tax: '2.94',
    billing: {
      first_name: 'Grace',
      last_name: 'Hopper',
      company: '',
      address_1: '1 Navy Yard',
      address_2: '',
      city: 'Arlington',
      state: 'VA',
      postcode: '22202',
      country: 'US',
      email: 'grace@example.com',
      phone: '(703) 555-0101',
    },
    shipping: { first_name: 'Grace', last_name: 'Hopper', company: 'COBOL Co', address_1: '9 Compiler Ct', address_2: 'Suite 2', city: 'Arlington', state: 'VA', postcode: '22202', country: 'US', phone: '' },
    line_items: [
      { id: 315, name: 'Night Cream', product_id: 93, quantity: 2, subtotal: '30.00', total: '30.00', sku: 'NC-50', price: 15 },
      { id: 316, name: 'Sample', product_id: 94, quantity: 1, subtotal: '10.00', total: '10.00', sku: '', price: 10 },
    ],
  },
  { id: 728, number: '728', status: 'completed', date_created_gmt: '2026-03-02T10:00:00', total: '5.00' },
  { id: 729, number: '729', status: 'on-hold', date_created_gmt: '2026-03-03T10:00:00', total: '5.00' },
  { id: 730, number: '730', status: 'refunded', date_created_gmt: '2026-03-04T10:00:00', total: '5.00' },
  { id: 731, number: '731', status: 'cancelled', date_created_gmt: '2026-03-05T10:00:00', total: '5.00' },
];

const KEY = 'ck_test_key';
const SECRET = 'cs_test_secret';
const BASE = '/wp-json/wc/v3';

export const woocommerce: PlatformCase = {
  platform: 'woocommerce',
  create: createWooCommerceConnector,
  credentials: { apiKey: KEY, apiSecret: SECRET, storeUrl: 'https://hopper-shop.example.com' },
  revoked: { apiKey: KEY, apiSecret: 'cs_wrong', storeUrl: 'https://hopper-shop.example.com' },
  basePath: BASE,
  ordersRoute: `GET ${BASE}/orders`,
  fake: {
    authorized: (r) => header(r, 'authorization') === basic(KEY, SECRET),
    unauthorized: { body: { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } } },
    rateLimit: { route: `GET ${BASE}/orders`, answer: { headers: { 'retry-after': '3' }, body: { code: 'rate_limit_exceeded', message: 'Too many requests. Please wait and try again.' } } },
    routes: {
      [`GET ${BASE}/orders`]: (r) => {
        const perPage = Number(r.query.get('per_page'));
        const page = Number(r.query.get('page'));
        return {
          headers: { 'x-wp-total': String(ORDERS.length), 'x-wp-totalpages': String(Math.ceil(ORDERS.length / perPage)) },
          body: pageOf(ORDERS, (page - 1) * perPage, perPage),
        };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ page: '1', per_page: '2', orderby: 'date', order: 'asc', modified_after: '2026-03-01T00:00:00.000Z' });
  },
  waitMs: 3000,
  ids: ['727', '728', '729', '730', '731'],
  statuses: ['unshipped', 'shipped', 'pending', 'cancelled', 'cancelled'],
  first: {
    source: 'woocommerce',
    platformOrderId: '727',
    orderNumber: '727',
    orderDate: '2026-03-01T10:15:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '(703) 555-0101',
      company: 'COBOL Co',
      address: { name: 'Grace Hopper', company: 'COBOL Co', address1: '9 Compiler Ct', address2: 'Suite 2', city: 'Arlington', state: 'VA', zip: '22202', country: 'US' },
    },
    shipTo: { name: 'Grace Hopper', company: 'COBOL Co', address1: '9 Compiler Ct', address2: 'Suite 2', city: 'Arlington', state: 'VA', zip: '22202', country: 'US' },
    items: [
      { sku: 'NC-50', name: 'Night Cream', quantity: 2, price: 15 },
      { name: 'Sample', quantity: 1, price: 10 },
    ],
    subtotal: 40,
    shipping: 10,
    tax: 2.94,
    total: 52.94,
  },
};
