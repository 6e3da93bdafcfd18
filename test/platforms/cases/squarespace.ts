import { expect } from 'vitest';
import { createSquarespaceConnector } from '../../../functions/adapters/platforms/squarespace.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as the Squarespace Commerce Orders API documents them (GET /1.0/commerce/orders). */
const usd = (value: string) => ({ currency: 'USD', value });
const order = (id: string, orderNumber: string, fulfillmentStatus: string) => ({
  id,
  orderNumber,
  createdOn: '2026-03-02T12:00:00.000Z',
  customerEmail: 'someone@example.com',
  billingAddress: { firstName: 'Some', lastName: 'One' },
  fulfillmentStatus,
  lineItems: [],
  grandTotal: usd('5.00'),
});

const ORDERS = [
  {
    id: '585d498fdee9f31a60284a37',
    orderNumber: '1001',
    createdOn: '2026-03-01T14:05:00.000Z',
    modifiedOn: '2026-03-01T14:06:00.000Z',
    channel: 'web',
    customerEmail: 'mary.jackson@example.com',
    billingAddress: { firstName: 'Mary', lastName: 'Jackson', address1: '1 Wind Tunnel Rd', address2: null, city: 'Hampton', state: 'VA', countryCode: 'US', postalCode: '23666', phone: '757-555-0142' },
    shippingAddress: { firstName: 'Mary', lastName: 'Jackson', address1: '22 Supersonic St', address2: 'Unit 4', city: 'Hampton', state: 'Virginia', countryCode: 'US', postalCode: '23666', phone: null },
    fulfillmentStatus: 'PENDING',
    lineItems: [{ id: 'li1', variantId: 'v1', sku: 'SQ-TONER', productName: 'Rose Toner', quantity: 2, unitPricePaid: usd('18.00') }],
    subtotal: usd('36.00'),
    shippingTotal: usd('5.00'),
    discountTotal: usd('0.00'),
    taxTotal: usd('2.16'),
    refundedTotal: usd('0.00'),
    grandTotal: usd('43.16'),
  },
  order('585d498fdee9f31a60284a38', '1002', 'FULFILLED'),
  order('585d498fdee9f31a60284a39', '1003', 'CANCELED'),
  order('585d498fdee9f31a60284a3a', '1004', 'PENDING'),
  order('585d498fdee9f31a60284a3b', '1005', 'FULFILLED'),
];

const KEY = 'sqsp-api-key';
const ROUTE = 'GET /1.0/commerce/orders';
const PAGE = 2;

export const squarespace: PlatformCase = {
  platform: 'squarespace',
  create: createSquarespaceConnector,
  credentials: { apiKey: KEY },
  revoked: { apiKey: 'sqsp-revoked' },
  basePath: '/1.0',
  ordersRoute: ROUTE,
  fake: {
    // Squarespace refuses requests without a User-Agent.
    authorized: (r) => header(r, 'authorization') === `Bearer ${KEY}` && /ConsultantDesk/.test(header(r, 'user-agent') ?? ''),
    unauthorized: { body: { type: 'AUTHORIZATION_ERROR', subtype: null, message: 'Invalid API key', details: null } },
    rateLimit: { route: ROUTE, answer: { body: { type: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests' } } },
    routes: {
      [ROUTE]: (r) => {
        const cursor = r.query.get('cursor');
        if (cursor && (r.query.has('modifiedAfter') || r.query.has('modifiedBefore'))) return { status: 400, body: { type: 'INVALID_REQUEST_ERROR', message: 'cursor cannot be combined with other filters' } };
        if (r.query.has('modifiedAfter') !== r.query.has('modifiedBefore')) return { status: 400, body: { type: 'INVALID_REQUEST_ERROR', message: 'modifiedAfter and modifiedBefore must be given together' } };
        // Squarespace's page size is its own (50); the fake's is 2 so that the test sees pages.
        const offset = cursor ? Number(cursor) : 0;
        const hasNextPage = offset + PAGE < ORDERS.length;
        return { body: { result: pageOf(ORDERS, offset, PAGE), pagination: { hasNextPage, nextPageCursor: hasNextPage ? String(offset + PAGE) : null, nextPageUrl: null } } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(r.query.get('modifiedAfter')).toBe('2026-03-01T00:00:00.000Z');
    expect(Date.parse(r.query.get('modifiedBefore') ?? '')).toBeGreaterThan(Date.parse('2026-03-01T00:00:00.000Z'));
    expect(r.query.has('cursor')).toBe(false);
  },
  // Squarespace's documented one-minute cool-down.
  waitMs: 60_000,
  ids: ORDERS.map((o) => o.id),
  statuses: ['unshipped', 'shipped', 'cancelled', 'unshipped', 'shipped'],
  first: {
    source: 'squarespace',
    platformOrderId: '585d498fdee9f31a60284a37',
    orderNumber: '1001',
    orderDate: '2026-03-01T14:05:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Mary',
      lastName: 'Jackson',
      email: 'mary.jackson@example.com',
      phone: '757-555-0142',
      address: { name: 'Mary Jackson', address1: '22 Supersonic St', address2: 'Unit 4', city: 'Hampton', state: 'VA', zip: '23666', country: 'US' },
    },
    shipTo: { name: 'Mary Jackson', address1: '22 Supersonic St', address2: 'Unit 4', city: 'Hampton', state: 'VA', zip: '23666', country: 'US' },
    items: [{ sku: 'SQ-TONER', name: 'Rose Toner', quantity: 2, price: 18 }],
    subtotal: 36,
    shipping: 5,
    tax: 2.16,
    total: 43.16,
  },
  authorize: {
    request: { clientId: 'sqsp-client', redirectUri: 'https://desk.example.com/squarespace/callback', state: 'st-5' },
    url: 'https://login.squarespace.com/api/1/login/oauth/provider/authorize',
    params: { client_id: 'sqsp-client', redirect_uri: 'https://desk.example.com/squarespace/callback', scope: 'website.orders.read', state: 'st-5', access_type: 'offline' },
  },
};
