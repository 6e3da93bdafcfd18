import { expect } from 'vitest';
import { createControlPadConnector } from '../../../functions/adapters/platforms/controlpad.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders in the shape this connector assumes of ControlPad (see docs/decisions.md): a Laravel page envelope. */
const order = (id: number, status: string) => ({
  id,
  receipt_id: `CP-${id}`,
  status,
  created_at: '2026-03-02T12:00:00Z',
  total: 5,
  customer: { first_name: 'Some', last_name: 'One', email: 'someone@example.com' },
  lines: [],
});

const ORDERS = [
  {
    id: 88001,
    receipt_id: 'CP-88001',
    status: 'unfulfilled',
    created_at: '2026-03-01T11:00:00Z',
    updated_at: '2026-03-01T11:05:00Z',
    subtotal: 60,
    shipping: 8,
    tax: 3.9,
    total: 71.9,
    customer: { id: 1, first_name: 'Mary', last_name: 'Winston Jackson', email: 'mwj@example.com', phone: '555-0100' },
    shipping_address: { name: 'Mary Winston Jackson', address_1: '7 Runway Rd', address_2: '', city: 'Newport News', state: 'VA', zip: '23606', country: 'US' },
    lines: [{ id: 1, sku: 'LEG-BLK-M', name: 'Leggings Black M', quantity: 2, price: 30 }],
  },
  order(88002, 'fulfilled'),
  order(88003, 'cancelled'),
  order(88004, 'pending'),
  order(88005, 'paid'),
];

const KEY = 'cp-api-key';
const ROUTE = 'GET /api/v0/orders';

export const controlpad: PlatformCase = {
  platform: 'controlpad',
  create: createControlPadConnector,
  credentials: { apiKey: KEY },
  revoked: { apiKey: 'cp-revoked' },
  basePath: '/api/v0',
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) => header(r, 'authorization') === `Bearer ${KEY}`,
    unauthorized: { body: { message: 'Unauthenticated.' } },
    rateLimit: { route: ROUTE, answer: { headers: { 'retry-after': '1', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '0' }, body: { message: 'Too Many Attempts.' } } },
    routes: {
      [ROUTE]: (r) => {
        const perPage = Number(r.query.get('per_page'));
        const page = Number(r.query.get('page'));
        return { body: { data: pageOf(ORDERS, (page - 1) * perPage, perPage), current_page: page, last_page: Math.ceil(ORDERS.length / perPage), per_page: perPage, total: ORDERS.length } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ updated_since: '2026-03-01T00:00:00.000Z', page: '1', per_page: '2', sort: 'updated_at' });
  },
  waitMs: 1000,
  ids: ORDERS.map((o) => String(o.id)),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'controlpad',
    platformOrderId: '88001',
    orderNumber: 'CP-88001',
    orderDate: '2026-03-01T11:00:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Mary',
      lastName: 'Winston Jackson',
      email: 'mwj@example.com',
      phone: '555-0100',
      address: { name: 'Mary Winston Jackson', address1: '7 Runway Rd', city: 'Newport News', state: 'VA', zip: '23606', country: 'US' },
    },
    shipTo: { name: 'Mary Winston Jackson', address1: '7 Runway Rd', city: 'Newport News', state: 'VA', zip: '23606', country: 'US' },
    items: [{ sku: 'LEG-BLK-M', name: 'Leggings Black M', quantity: 2, price: 30 }],
    subtotal: 60,
    shipping: 8,
    tax: 3.9,
    total: 71.9,
  },
};
