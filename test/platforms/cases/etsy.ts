import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { createEtsyConnector } from '../../../functions/adapters/platforms/etsy.js';
import { pageOf } from '../fake-platform.js';
import { header, type PlatformCase } from '../platform-case.js';

/** Receipts as Etsy Open API v3 documents them (GET /v3/application/shops/{shop_id}/receipts). */
const usd = (amount: number) => ({ amount, divisor: 100, currency_code: 'USD' });
const receipt = (receipt_id: number, status: string, is_shipped: boolean, created: number) => ({
  receipt_id,
  receipt_type: 0,
  status,
  is_shipped,
  is_paid: true,
  created_timestamp: created,
  create_timestamp: created,
  name: 'Marketplace Buyer',
  grandtotal: usd(1000),
  transactions: [],
});

const RECEIPTS = [
  {
    receipt_id: 2456789001,
    receipt_type: 0,
    seller_user_id: 5551,
    buyer_user_id: 7771,
    buyer_email: 'buyer.one@example.com',
    name: 'Katherine Johnson',
    first_line: '300 E St SW',
    second_line: null,
    city: 'Washington',
    state: 'DC',
    zip: '20546',
    country_iso: 'US',
    status: 'Paid',
    is_paid: true,
    is_shipped: false,
    created_timestamp: 1772359200,
    create_timestamp: 1772359200,
    updated_timestamp: 1772362800,
    grandtotal: usd(4825),
    subtotal: usd(3600),
    total_price: usd(3600),
    total_shipping_cost: usd(895),
    total_tax_cost: usd(330),
    transactions: [
      { transaction_id: 1, title: 'Hand-poured candle', sku: 'CANDLE-LAV', quantity: 3, price: usd(1200), shipping_cost: usd(0) },
    ],
  },
  receipt(2456789002, 'Completed', true, 1772445600),
  receipt(2456789003, 'Canceled', false, 1772532000),
  receipt(2456789004, 'Open', false, 1772618400),
  receipt(2456789005, 'Fully Refunded', false, 1772704800),
];

const KEYSTRING = 'etsy-keystring';
const SECRET = 'etsy-shared-secret';
const TOKEN = '12345678.etsy-oauth-token';
const ROUTE = 'GET /v3/application/shops/5551/receipts';

export const etsy: PlatformCase = {
  platform: 'etsy',
  create: createEtsyConnector,
  credentials: { apiKey: KEYSTRING, apiSecret: SECRET, accessToken: TOKEN, extra: { shopId: '5551' } },
  revoked: { apiKey: KEYSTRING, apiSecret: SECRET, accessToken: '12345678.revoked', extra: { shopId: '5551' } },
  basePath: '/v3/application',
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) => header(r, 'x-api-key') === `${KEYSTRING}:${SECRET}` && header(r, 'authorization') === `Bearer ${TOKEN}`,
    unauthorized: { body: { error: 'invalid_token' } },
    rateLimit: { route: ROUTE, answer: { headers: { 'retry-after': '1', 'x-limit-per-second': '10', 'x-remaining-this-second': '0' }, body: { error: 'You have exceeded your quota' } } },
    routes: {
      [ROUTE]: (r) => ({ body: { count: RECEIPTS.length, results: pageOf(RECEIPTS, Number(r.query.get('offset')), Number(r.query.get('limit'))) } }),
    },
  },
  since: '2026-03-01T00:00:00.000Z',
  checkFirstRequest(r) {
    expect(Object.fromEntries(r.query)).toEqual({ limit: '2', offset: '0', sort_on: 'updated', sort_order: 'asc', min_last_modified: '1772323200' });
  },
  waitMs: 1000,
  ids: RECEIPTS.map((r) => String(r.receipt_id)),
  statuses: ['unshipped', 'shipped', 'cancelled', 'pending', 'cancelled'],
  first: {
    source: 'etsy',
    platformOrderId: '2456789001',
    orderNumber: '2456789001',
    orderDate: '2026-03-01T10:00:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'buyer.one@example.com',
      marketingAllowed: false,
      address: { name: 'Katherine Johnson', address1: '300 E St SW', city: 'Washington', state: 'DC', zip: '20546', country: 'US' },
    },
    shipTo: { name: 'Katherine Johnson', address1: '300 E St SW', city: 'Washington', state: 'DC', zip: '20546', country: 'US' },
    items: [{ sku: 'CANDLE-LAV', name: 'Hand-poured candle', quantity: 3, price: 12 }],
    subtotal: 36,
    shipping: 8.95,
    tax: 3.3,
    total: 48.25,
  },
  authorize: {
    request: { clientId: KEYSTRING, redirectUri: 'https://desk.example.com/etsy/callback', state: 'st-2', codeVerifier: 'a-verifier-of-at-least-43-characters-0123456789' },
    url: 'https://www.etsy.com/oauth/connect',
    params: {
      response_type: 'code',
      client_id: KEYSTRING,
      redirect_uri: 'https://desk.example.com/etsy/callback',
      scope: 'transactions_r',
      state: 'st-2',
      code_challenge: createHash('sha256').update('a-verifier-of-at-least-43-characters-0123456789').digest('base64url'),
      code_challenge_method: 'S256',
    },
  },
};
