import { expect } from 'vitest';
import { createShopifyConnector } from '../../../functions/adapters/platforms/shopify.js';
import { type FakeAnswer, pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as the Admin REST API documents them (GET /admin/api/2025-07/orders.json). */
const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  company: null,
  address1: '12 Analytical Way',
  address2: 'Apt 3',
  city: 'Austin',
  province: 'Texas',
  province_code: 'TX',
  zip: '78701',
  country: 'United States',
  country_code: 'US',
  phone: '+15125550100',
};

const ORDERS = [
  {
    id: 450789469,
    name: '#1001',
    email: 'Ada@Example.com',
    created_at: '2026-03-01T10:15:00-05:00',
    cancelled_at: null,
    financial_status: 'paid',
    fulfillment_status: null,
    subtotal_price: '59.00',
    total_tax: '4.87',
    total_price: '71.86',
    total_shipping_price_set: { shop_money: { amount: '7.99', currency_code: 'USD' } },
    shipping_lines: [{ price: '7.99' }],
    line_items: [
      { id: 1, sku: 'LIP-RED', name: 'Lipstick - Red', title: 'Lipstick', quantity: 2, price: '19.50' },
      { id: 2, sku: null, name: 'Gift wrap', title: 'Gift wrap', quantity: 1, price: '20.00' },
    ],
    shipping_address: address,
    billing_address: address,
    customer: { id: 207119551, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null },
  },
  { id: 450789470, name: '#1002', created_at: '2026-03-02T09:00:00Z', fulfillment_status: 'fulfilled', financial_status: 'paid', total_price: '10.00' },
  { id: 450789471, name: '#1003', created_at: '2026-03-03T09:00:00Z', cancelled_at: '2026-03-03T10:00:00Z', financial_status: 'refunded', total_price: '10.00' },
  { id: 450789472, name: '#1004', created_at: '2026-03-04T09:00:00Z', financial_status: 'pending', total_price: '10.00' },
  { id: 450789473, name: '#1005', created_at: '2026-03-05T09:00:00Z', fulfillment_status: 'partial', financial_status: 'paid', total_price: '10.00' },
];

const TOKEN = 'shpat_test_token';
const BASE = '/admin/api/2025-07';

export const shopify: PlatformCase = {
  platform: 'shopify',
  create: createShopifyConnector,
  credentials: { accessToken: TOKEN, storeUrl: 'ada-cosmetics.myshopify.com' },
  revoked: { accessToken: 'shpat_revoked', storeUrl: 'ada-cosmetics.myshopify.com' },
  basePath: BASE,
  ordersRoute: `GET ${BASE}/orders.json`,
  fake: {
    authorized: (r) => header(r, 'x-shopify-access-token') === TOKEN,
    unauthorized: { body: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } },
    rateLimit: { route: `GET ${BASE}/orders.json`, answer: { headers: { 'retry-after': '2.0' }, body: { errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.' } } },
    routes: {
      [`GET ${BASE}/orders.json`]: (r, fake): FakeAnswer => {
        const limit = Number(r.query.get('limit'));
        // page_info is the offset here; Shopify's is opaque, and only limit may travel with it.
        const info = r.query.get('page_info');
        if (info && [...r.query.keys()].some((k) => k !== 'page_info' && k !== 'limit')) return { status: 400, body: { errors: 'page_info cannot be combined with filters' } };
        const offset = info ? Number(info) : 0;
        const next = offset + limit < ORDERS.length ? `<${fake.url}${BASE}/orders.json?limit=${limit}&page_info=${offset + limit}>; rel="next"` : undefined;
        const previous = offset > 0 ? `<${fake.url}${BASE}/orders.json?limit=${limit}&page_info=0>; rel="previous"` : undefined;
        const link = [previous, next].filter(Boolean).join(', ');
        return { headers: link ? { link } : {}, body: { orders: pageOf(ORDERS, offset, limit) } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ status: 'any', limit: '2', order: 'updated_at asc', updated_at_min: '2026-03-01T00:00:00.000Z' });
  },
  waitMs: 2000,
  ids: ORDERS.map((o) => String(o.id)),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'shopify',
    platformOrderId: '450789469',
    orderNumber: '#1001',
    orderDate: '2026-03-01T15:15:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+15125550100',
      address: { name: 'Ada Lovelace', address1: '12 Analytical Way', address2: 'Apt 3', city: 'Austin', state: 'TX', zip: '78701', country: 'US', phone: '+15125550100' },
    },
    shipTo: { name: 'Ada Lovelace', address1: '12 Analytical Way', address2: 'Apt 3', city: 'Austin', state: 'TX', zip: '78701', country: 'US', phone: '+15125550100' },
    items: [
      { sku: 'LIP-RED', name: 'Lipstick - Red', quantity: 2, price: 19.5 },
      { name: 'Gift wrap', quantity: 1, price: 20 },
    ],
    subtotal: 59,
    shipping: 7.99,
    tax: 4.87,
    total: 71.86,
  },
  authorize: {
    request: { clientId: 'app-client-id', redirectUri: 'https://desk.example.com/shopify/callback', state: 'st-1', storeUrl: 'https://ada-cosmetics.myshopify.com/' },
    url: 'https://ada-cosmetics.myshopify.com/admin/oauth/authorize',
    params: { client_id: 'app-client-id', scope: 'read_orders,read_customers', redirect_uri: 'https://desk.example.com/shopify/callback', state: 'st-1' },
  },
};
