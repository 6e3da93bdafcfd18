import { expect } from 'vitest';
import { createExigoConnector } from '../../../functions/adapters/platforms/exigo.js';
import { basic, header, type PlatformCase } from '../platform-case.js';

/** Orders as Exigo's GetOrders documents them (OrderResponse), in the camelCase JSON of its REST form. */
const order = (orderID: number, orderStatus: string) => ({
  orderID,
  customerID: 9000 + orderID,
  orderStatus,
  orderDate: '2026-03-02T12:00:00',
  currencyCode: 'usd',
  firstName: 'Some',
  lastName: 'One',
  total: 5,
  details: [],
  modifiedDate: '2026-03-02T12:00:00',
});

const ORDERS = [
  {
    orderID: 120001,
    customerID: 5512,
    orderStatus: 'Accepted',
    orderDate: '2026-03-01T08:30:00Z',
    currencyCode: 'usd',
    warehouseID: 1,
    shipMethodID: 6,
    priceType: 1,
    firstName: 'Christine',
    middleName: '',
    lastName: 'Darden',
    company: '',
    address1: '3 Sonic Boom Way',
    address2: '',
    address3: '',
    city: 'Hampton',
    state: 'VA',
    zip: '23669',
    country: 'US',
    email: 'christine@example.com',
    phone: '757-555-0188',
    total: 88.4,
    subTotal: 76,
    taxTotal: 4.56,
    shippingTotal: 7.84,
    discountTotal: 0,
    details: [
      { itemCode: 'ESS-OIL-LAV', description: 'Lavender Essential Oil', quantity: 2, priceEach: 28, priceTotal: 56 },
      { itemCode: 'DIFF-01', description: 'Diffuser', quantity: 1, priceEach: 20, priceTotal: 20 },
    ],
    modifiedDate: '2026-03-01T08:31:00Z',
  },
  order(120002, 'Shipped'),
  order(120003, 'Canceled'),
  order(120004, 'CCPending'),
  order(120005, 'Printed'),
];

const ROUTE = 'GET /3.0/orders';

export const exigo: PlatformCase = {
  platform: 'exigo',
  create: createExigoConnector,
  credentials: { apiKey: 'apiuser', apiSecret: 'apipass', extra: { company: 'oilsco' } },
  revoked: { apiKey: 'apiuser', apiSecret: 'changed', extra: { company: 'oilsco' } },
  basePath: '/3.0',
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) => header(r, 'authorization') === basic('apiuser@oilsco', 'apipass'),
    unauthorized: { body: { message: 'Authorization has been denied for this request.' } },
    rateLimit: { route: ROUTE, answer: { headers: { 'retry-after': '2' }, body: { message: 'Too many requests' } } },
    routes: {
      [ROUTE]: (r) => {
        const after = Number(r.query.get('greaterThanOrderID') ?? 0);
        const batch = Number(r.query.get('batchSize') ?? 500);
        const orders = ORDERS.filter((o) => o.orderID > after).slice(0, batch);
        return { body: { orders, recordCount: orders.length, result: { status: 'Success', errors: '', transactionKey: 'k' } } };
      },
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ greaterThanModifiedDate: '2026-03-01T00:00:00.000Z', batchSize: '2' });
  },
  waitMs: 2000,
  ids: ORDERS.map((o) => String(o.orderID)),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'unshipped'],
  first: {
    source: 'exigo',
    platformOrderId: '120001',
    orderNumber: '120001',
    orderDate: '2026-03-01T08:30:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Christine',
      lastName: 'Darden',
      email: 'christine@example.com',
      phone: '757-555-0188',
      address: { name: 'Christine Darden', address1: '3 Sonic Boom Way', city: 'Hampton', state: 'VA', zip: '23669', country: 'US', phone: '757-555-0188' },
    },
    shipTo: { name: 'Christine Darden', address1: '3 Sonic Boom Way', city: 'Hampton', state: 'VA', zip: '23669', country: 'US', phone: '757-555-0188' },
    items: [
      { sku: 'ESS-OIL-LAV', name: 'Lavender Essential Oil', quantity: 2, price: 28 },
      { sku: 'DIFF-01', name: 'Diffuser', quantity: 1, price: 20 },
    ],
    subtotal: 76,
    shipping: 7.84,
    tax: 4.56,
    total: 88.4,
  },
};
