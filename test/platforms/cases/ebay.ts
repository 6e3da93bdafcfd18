import { expect } from 'vitest';
import { createEbayConnector } from '../../../functions/adapters/platforms/ebay.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Orders as the Sell Fulfillment API documents them (GET /sell/fulfillment/v1/order). */
const usd = (value: string) => ({ value, currency: 'USD' });
const order = (orderId: string, fulfillment: string, payment: string, cancel = 'NONE_REQUESTED') => ({
  orderId,
  creationDate: '2026-03-02T12:00:00.000Z',
  orderFulfillmentStatus: fulfillment,
  orderPaymentStatus: payment,
  cancelStatus: { cancelState: cancel, cancelRequests: [] },
  buyer: { username: 'buyer_x' },
  pricingSummary: { total: usd('5.00') },
  lineItems: [],
});

const ORDERS = [
  {
    orderId: '12-11111-22222',
    legacyOrderId: '110000000001-0',
    creationDate: '2026-03-01T18:30:00.000Z',
    lastModifiedDate: '2026-03-01T18:31:00.000Z',
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    buyer: {
      username: 'margaret_h',
      buyerRegistrationAddress: {
        fullName: 'Margaret Hamilton',
        email: 'abc123@members.ebay.com',
        primaryPhone: { phoneNumber: '6175550199' },
        contactAddress: { addressLine1: '1 Apollo Dr', city: 'Cambridge', stateOrProvince: 'MA', postalCode: '02139', countryCode: 'US' },
      },
    },
    pricingSummary: { priceSubtotal: usd('45.00'), deliveryCost: usd('6.50'), tax: usd('2.81'), total: usd('54.31') },
    lineItems: [
      { lineItemId: '10001', legacyItemId: '2000', sku: 'SERUM-30', title: 'Vitamin C Serum 30ml', quantity: 3, lineItemCost: usd('45.00'), total: usd('45.00') },
    ],
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        shippingStep: {
          shipTo: {
            fullName: 'Margaret Hamilton',
            contactAddress: { addressLine1: '77 Massachusetts Ave', addressLine2: 'Bldg 33', city: 'Cambridge', stateOrProvince: 'MA', postalCode: '02139', countryCode: 'US' },
            primaryPhone: { phoneNumber: '6175550100' },
            email: 'abc123@members.ebay.com',
          },
        },
      },
    ],
  },
  order('12-11111-22223', 'FULFILLED', 'PAID'),
  order('12-11111-22224', 'NOT_STARTED', 'PAID', 'CANCELED'),
  order('12-11111-22225', 'NOT_STARTED', 'PENDING'),
  order('12-11111-22226', 'IN_PROGRESS', 'PAID'),
];

const TOKEN = 'v^1.1#i^1#user-token';
const ROUTE = 'GET /sell/fulfillment/v1/order';

export const ebay: PlatformCase = {
  platform: 'ebay',
  create: createEbayConnector,
  credentials: { accessToken: TOKEN },
  revoked: { accessToken: 'v^1.1#expired' },
  basePath: '/sell/fulfillment/v1',
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) => header(r, 'authorization') === `Bearer ${TOKEN}`,
    unauthorized: { body: { errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token', longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.' }] } },
    rateLimit: { route: ROUTE, answer: { body: { errors: [{ errorId: 2001, domain: 'ACCESS', category: 'REQUEST', message: 'Too many requests', longMessage: 'The request limit has been reached for the resource.' }] } } },
    routes: {
      [ROUTE]: (r) => {
        const limit = Number(r.query.get('limit'));
        const offset = Number(r.query.get('offset'));
        return { body: { href: r.path, total: ORDERS.length, limit, offset, orders: pageOf(ORDERS, offset, limit) } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ limit: '2', offset: '0', filter: 'lastmodifieddate:[2026-03-01T00:00:00.000Z..]' });
  },
  // eBay names no wait for its 429: the back-off starts at 5 s.
  waitMs: 5000,
  ids: ORDERS.map((o) => o.orderId),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'ebay',
    platformOrderId: '12-11111-22222',
    orderNumber: '12-11111-22222',
    orderDate: '2026-03-01T18:30:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Margaret',
      lastName: 'Hamilton',
      email: 'abc123@members.ebay.com',
      phone: '6175550199',
      marketingAllowed: false,
      address: { name: 'Margaret Hamilton', address1: '77 Massachusetts Ave', address2: 'Bldg 33', city: 'Cambridge', state: 'MA', zip: '02139', country: 'US', phone: '6175550100' },
    },
    shipTo: { name: 'Margaret Hamilton', address1: '77 Massachusetts Ave', address2: 'Bldg 33', city: 'Cambridge', state: 'MA', zip: '02139', country: 'US', phone: '6175550100' },
    items: [{ sku: 'SERUM-30', name: 'Vitamin C Serum 30ml', quantity: 3, price: 15 }],
    subtotal: 45,
    shipping: 6.5,
    tax: 2.81,
    total: 54.31,
  },
  authorize: {
    request: { clientId: 'DeskApp-PRD-1234', redirectUri: 'Desk_App-DeskApp-PRD-runame', state: 'st-3' },
    url: 'https://auth.ebay.com/oauth2/authorize',
    params: {
      client_id: 'DeskApp-PRD-1234',
      redirect_uri: 'Desk_App-DeskApp-PRD-runame',
      response_type: 'code',
      scope: 'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
      state: 'st-3',
    },
  },
};
