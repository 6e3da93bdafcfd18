import { expect } from 'vitest';
import { createSquareConnector } from '../../../functions/adapters/platforms/square.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as the Square Orders API documents them (POST /v2/orders/search), money in cents. */
const cents = (amount: number) => ({ amount, currency: 'USD' });
const order = (id: string, state: string, fulfillmentState = 'PROPOSED') => ({
  id,
  location_id: 'L1',
  state,
  created_at: '2026-03-02T12:00:00.000Z',
  fulfillments: [{ uid: 'f', type: 'SHIPMENT', state: fulfillmentState, shipment_details: { recipient: { display_name: 'Walk In' } } }],
  total_money: cents(500),
});

const ORDERS = [
  {
    id: 'CAISENgvlJ6jLWAzERDzjyHVybY',
    location_id: 'L1',
    reference_id: 'ORDER-1001',
    state: 'OPEN',
    created_at: '2026-03-01T16:20:00.000Z',
    updated_at: '2026-03-01T16:21:00.000Z',
    line_items: [
      { uid: 'a', name: 'Body Butter', variation_name: 'Vanilla', quantity: '2', base_price_money: cents(1450), gross_sales_money: cents(2900), total_money: cents(2900) },
      { uid: 'b', name: 'Lip Balm', quantity: '1', base_price_money: cents(500), gross_sales_money: cents(500), total_money: cents(500) },
    ],
    fulfillments: [
      {
        uid: 'f1',
        type: 'SHIPMENT',
        state: 'PROPOSED',
        shipment_details: {
          recipient: {
            display_name: 'Dorothy Vaughan',
            email_address: 'Dorothy@Example.com',
            phone_number: '+17575550123',
            address: { address_line_1: '100 Langley Blvd', locality: 'Hampton', administrative_district_level_1: 'VA', postal_code: '23681', country: 'US' },
          },
        },
      },
    ],
    total_money: cents(4211),
    total_tax_money: cents(212),
    total_discount_money: cents(0),
    total_service_charge_money: cents(599),
  },
  order('ORD2', 'COMPLETED', 'COMPLETED'),
  order('ORD3', 'CANCELED'),
  order('ORD4', 'DRAFT'),
  order('ORD5', 'OPEN', 'RESERVED'),
];

const TOKEN = 'EAAAl-square-token';

export const square: PlatformCase = {
  platform: 'square',
  create: createSquareConnector,
  credentials: { accessToken: TOKEN },
  revoked: { accessToken: 'EAAAl-revoked' },
  ordersRoute: 'POST /v2/orders/search',
  fake: {
    authorized: (r) => header(r, 'authorization') === `Bearer ${TOKEN}` && header(r, 'square-version') === '2025-01-23',
    unauthorized: { body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }] } },
    rateLimit: { route: 'POST /v2/orders/search', answer: { body: { errors: [{ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: 'Rate limit exceeded.' }] } } },
    routes: {
      'GET /v2/locations': () => ({ body: { locations: [{ id: 'L1', name: 'Main', status: 'ACTIVE' }, { id: 'L0', name: 'Old', status: 'INACTIVE' }] } }),
      'POST /v2/orders/search': (r) => {
        const limit = Number(r.json.limit);
        const offset = r.json.cursor ? Number(r.json.cursor) : 0;
        const next = offset + limit < ORDERS.length ? String(offset + limit) : undefined;
        return { body: { orders: pageOf(ORDERS, offset, limit), ...(next ? { cursor: next } : {}) } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(r.json).toEqual({
      location_ids: ['L1'],
      limit: 2,
      return_entries: false,
      query: { filter: { date_time_filter: { updated_at: { start_at: '2026-03-01T00:00:00.000Z' } } }, sort: { sort_field: 'UPDATED_AT', sort_order: 'ASC' } },
    });
  },
  // Square names no wait: the back-off starts at 1 s.
  waitMs: 1000,
  ids: ORDERS.map((o) => o.id),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'square',
    platformOrderId: 'CAISENgvlJ6jLWAzERDzjyHVybY',
    orderNumber: 'ORDER-1001',
    orderDate: '2026-03-01T16:20:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      email: 'dorothy@example.com',
      phone: '+17575550123',
      address: { name: 'Dorothy Vaughan', address1: '100 Langley Blvd', city: 'Hampton', state: 'VA', zip: '23681', country: 'US', phone: '+17575550123' },
    },
    shipTo: { name: 'Dorothy Vaughan', address1: '100 Langley Blvd', city: 'Hampton', state: 'VA', zip: '23681', country: 'US', phone: '+17575550123' },
    items: [
      { name: 'Body Butter - Vanilla', quantity: 2, price: 14.5 },
      { name: 'Lip Balm', quantity: 1, price: 5 },
    ],
    subtotal: 34,
    shipping: 5.99,
    tax: 2.12,
    total: 42.11,
  },
  authorize: {
    request: { clientId: 'sq0idp-app', redirectUri: 'https://desk.example.com/square/callback', state: 'st-4' },
    url: 'https://connect.squareup.com/oauth2/authorize',
    params: { client_id: 'sq0idp-app', scope: 'ORDERS_READ CUSTOMERS_READ MERCHANT_PROFILE_READ', session: 'false', state: 'st-4', redirect_uri: 'https://desk.example.com/square/callback' },
  },
};
