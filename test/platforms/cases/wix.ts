import { expect } from 'vitest';
import { createWixConnector } from '../../../functions/adapters/platforms/wix.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as the Wix eCommerce Orders API documents them (POST /ecom/v1/orders/search). */
const amount = (value: string) => ({ amount: value, formattedAmount: `$${value}` });
const order = (id: string, number: string, status: string, paymentStatus: string, fulfillmentStatus: string) => ({
  id,
  number,
  createdDate: '2026-03-02T12:00:00.000Z',
  status,
  paymentStatus,
  fulfillmentStatus,
  buyerInfo: { contactId: 'c', email: 'someone@example.com' },
  billingInfo: { contactDetails: { firstName: 'Some', lastName: 'One' } },
  lineItems: [],
  priceSummary: { total: amount('5.00') },
});

const ORDERS = [
  {
    id: 'a8d37b5e-3c1a-4f40-9f0e-5b1c2d3e4f50',
    number: '10001',
    createdDate: '2026-03-01T19:45:00.000Z',
    updatedDate: '2026-03-01T19:46:00.000Z',
    status: 'APPROVED',
    paymentStatus: 'PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    currency: 'USD',
    buyerInfo: { contactId: 'c-1', email: 'annie.easley@example.com' },
    billingInfo: {
      address: { addressLine1: '21000 Brookpark Rd', city: 'Cleveland', subdivision: 'US-OH', country: 'US', postalCode: '44135' },
      contactDetails: { firstName: 'Annie', lastName: 'Easley', phone: '216-555-0177', company: 'Lewis Labs' },
    },
    shippingInfo: {
      title: 'Standard',
      logistics: {
        shippingDestination: {
          address: { addressLine1: '5 Rocket Ave', addressLine2: 'Floor 2', city: 'Cleveland', subdivision: 'US-OH', country: 'US', postalCode: '44135' },
          contactDetails: { firstName: 'Annie', lastName: 'Easley', phone: '216-555-0177' },
        },
      },
      cost: { price: amount('6.00') },
    },
    lineItems: [
      { id: 'l1', productName: { original: 'Clay Mask', translated: 'Clay Mask' }, quantity: 1, price: amount('24.00'), physicalProperties: { sku: 'MASK-CLAY', shippable: true } },
      { id: 'l2', productName: { original: 'Brush' }, quantity: 2, price: amount('3.50') },
    ],
    priceSummary: { subtotal: amount('31.00'), shipping: amount('6.00'), tax: amount('2.48'), discount: amount('0'), total: amount('39.48') },
  },
  order('b1', '10002', 'APPROVED', 'PAID', 'FULFILLED'),
  order('b2', '10003', 'CANCELED', 'PAID', 'NOT_FULFILLED'),
  order('b3', '10004', 'APPROVED', 'NOT_PAID', 'NOT_FULFILLED'),
  order('b4', '10005', 'APPROVED', 'PAID', 'PARTIALLY_FULFILLED'),
];

const TOKEN = 'OAUTH2.wix-access-token';
const ROUTE = 'POST /ecom/v1/orders/search';

export const wix: PlatformCase = {
  platform: 'wix',
  create: createWixConnector,
  credentials: { accessToken: TOKEN },
  revoked: { accessToken: 'OAUTH2.revoked' },
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) => header(r, 'authorization') === TOKEN,
    unauthorized: { body: { message: 'UNAUTHENTICATED', details: { applicationError: { code: 'UNAUTHENTICATED' } } } },
    // Wix's 429 names no wait.
    rateLimit: { route: ROUTE, answer: { body: { message: 'Too Many Requests', details: { applicationError: { code: 'TOO_MANY_REQUESTS' } } } } },
    routes: {
      [ROUTE]: (r) => {
        const search = r.json.search as { cursorPaging: { limit: number; cursor?: string }; filter?: unknown; sort?: unknown };
        if (search.cursorPaging.cursor && (search.filter || search.sort)) return { status: 400, body: { message: 'filter and sort cannot be passed with a cursor' } };
        const { limit, cursor } = search.cursorPaging;
        const offset = cursor ? Number(cursor) : 0;
        const hasNext = offset + limit < ORDERS.length;
        return { body: { orders: pageOf(ORDERS, offset, limit), metadata: { count: Math.min(limit, ORDERS.length - offset), cursors: hasNext ? { next: String(offset + limit) } : {}, hasNext } } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(r.json).toEqual({ search: { filter: { updatedDate: { $gte: '2026-03-01T00:00:00.000Z' } }, sort: [{ fieldName: 'updatedDate', order: 'ASC' }], cursorPaging: { limit: 2 } } });
  },
  // Wix names no wait: the back-off starts at 5 s.
  waitMs: 5000,
  ids: ORDERS.map((o) => o.id),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'wix',
    platformOrderId: 'a8d37b5e-3c1a-4f40-9f0e-5b1c2d3e4f50',
    orderNumber: '10001',
    orderDate: '2026-03-01T19:45:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Annie',
      lastName: 'Easley',
      email: 'annie.easley@example.com',
      phone: '216-555-0177',
      company: 'Lewis Labs',
      address: { name: 'Annie Easley', address1: '5 Rocket Ave', address2: 'Floor 2', city: 'Cleveland', state: 'OH', zip: '44135', country: 'US', phone: '216-555-0177' },
    },
    shipTo: { name: 'Annie Easley', address1: '5 Rocket Ave', address2: 'Floor 2', city: 'Cleveland', state: 'OH', zip: '44135', country: 'US', phone: '216-555-0177' },
    items: [
      { sku: 'MASK-CLAY', name: 'Clay Mask', quantity: 1, price: 24 },
      { name: 'Brush', quantity: 2, price: 3.5 },
    ],
    subtotal: 31,
    shipping: 6,
    tax: 2.48,
    total: 39.48,
  },
  authorize: {
    request: { clientId: 'wix-app-id', redirectUri: 'https://desk.example.com/wix/callback', state: 'st-6' },
    url: 'https://www.wix.com/installer/install',
    params: { appId: 'wix-app-id', redirectUrl: 'https://desk.example.com/wix/callback', state: 'st-6' },
  },
};
