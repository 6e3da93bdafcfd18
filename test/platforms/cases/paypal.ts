import { expect } from 'vitest';
import { createPayPalConnector } from '../../../functions/adapters/platforms/paypal.js';
import { pageOf } from '../fake-platform.js';
import { basic, header, type PlatformCase } from '../platform-case.js';

/** Transactions as PayPal's Transaction Search documents them (GET /v1/reporting/transactions, fields=all). */
const usd = (value: string) => ({ currency_code: 'USD', value });
const payment = (id: string, status: string, event = 'T0006', value = '5.00') => ({
  transaction_info: { transaction_id: id, transaction_event_code: event, transaction_initiation_date: '2026-03-02T12:00:00+0000', transaction_amount: usd(value), transaction_status: status },
  payer_info: { email_address: 'payer@example.com', payer_name: { alternate_full_name: 'Pay Er' } },
});

const TRANSACTIONS = [
  {
    transaction_info: {
      paypal_account_id: 'PAYERID1',
      transaction_id: '5TY05013RG002845M',
      transaction_event_code: 'T0006',
      transaction_initiation_date: '2026-03-01T21:10:00+0000',
      transaction_updated_date: '2026-03-01T21:10:00+0000',
      transaction_amount: usd('38.50'),
      fee_amount: usd('-1.42'),
      shipping_amount: usd('5.00'),
      sales_tax_amount: usd('1.50'),
      transaction_status: 'S',
      transaction_subject: 'Order from Evelyn',
      invoice_id: 'INV-2026-001',
    },
    payer_info: {
      account_id: 'PAYERID1',
      email_address: 'Evelyn.Boyd@Example.com',
      phone_number: { country_code: '1', national_number: '4085550111' },
      payer_name: { given_name: 'Evelyn', surname: 'Boyd Granville', alternate_full_name: 'Evelyn Boyd Granville' },
      country_code: 'US',
    },
    shipping_info: { name: 'Evelyn Boyd Granville', address: { line1: '8 Orbit Ln', city: 'San Jose', state: 'CA', country_code: 'US', postal_code: '95112' } },
    cart_info: {
      item_details: [
        { item_code: 'SOAP-3', item_name: 'Goat Milk Soap', item_quantity: '4', item_unit_price: usd('8.00'), item_amount: usd('32.00') },
      ],
    },
  },
  // Money sent is not an order; it is read and left out.
  payment('1AB23456CD789012E', 'S', 'T0006', '-12.00'),
  payment('2AB23456CD789012F', 'P'),
  payment('3AB23456CD789012G', 'V'),
  // A withdrawal to the bank (T04xx) is not an order.
  payment('4AB23456CD789012H', 'S', 'T0400', '100.00'),
  payment('5AB23456CD789012J', 'D'),
];

const CLIENT = 'paypal-client-id';
const SECRET = 'paypal-secret';
const ACCESS = 'A21AAFEpH4PsADK7qSS7pSRsgzfENtu-Q1ysgEDVDESseMHBYXVJYE8ovjj68elIDy8nF26AwPhfXTIeWAZHSLIsQkSYz9ifg';
const ROUTE = 'GET /v1/reporting/transactions';

export const paypal: PlatformCase = {
  platform: 'paypal',
  create: createPayPalConnector,
  credentials: { apiKey: CLIENT, apiSecret: SECRET },
  revoked: { apiKey: CLIENT, apiSecret: 'rotated-secret' },
  ordersRoute: ROUTE,
  fake: {
    authorized: (r) =>
      r.path === '/v1/oauth2/token'
        ? header(r, 'authorization') === basic(CLIENT, SECRET) && r.json.grant_type === 'client_credentials'
        : header(r, 'authorization') === `Bearer ${ACCESS}`,
    unauthorized: { body: { error: 'invalid_client', error_description: 'Client Authentication failed' } },
    rateLimit: { route: ROUTE, answer: { body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' } } },
    routes: {
      'POST /v1/oauth2/token': () => ({ body: { scope: 'https://uri.paypal.com/services/reporting/search/read', access_token: ACCESS, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: 'n' } }),
      [ROUTE]: (r) => {
        const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:?\d\d)$/;
        if (![r.query.get('start_date'), r.query.get('end_date')].every((d) => rfc3339.test(d ?? '')))
          return { status: 400, body: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.', details: [{ field: 'start_date', issue: 'INVALID_PARAMETER_SYNTAX' }] } };
        const size = Number(r.query.get('page_size'));
        const page = Number(r.query.get('page'));
        return {
          body: {
            transaction_details: pageOf(TRANSACTIONS, (page - 1) * size, size),
            account_number: 'XZXSPECYZ5UGN',
            start_date: r.query.get('start_date'),
            end_date: r.query.get('end_date'),
            page,
            total_items: TRANSACTIONS.length,
            total_pages: Math.ceil(TRANSACTIONS.length / size),
          },
        };
      },
    },
  },
  since: new Date(Date.now() - 24 * 3600 * 1000).toISOString(),
  checkFirstRequest(r) {
    const start = Date.parse(r.query.get('start_date') ?? '');
    const end = Date.parse(r.query.get('end_date') ?? '');
    // Three hours before `since`, to catch transactions that appear late; up to now.
    expect(Date.now() - start).toBeGreaterThanOrEqual(27 * 3600 * 1000 - 1000);
    expect(Date.now() - start).toBeLessThan(28 * 3600 * 1000);
    expect(end).toBeGreaterThan(start);
    expect([r.query.get('fields'), r.query.get('page'), r.query.get('page_size')]).toEqual(['all', '1', '2']);
  },
  // PayPal names no wait: the back-off starts at 5 s.
  waitMs: 5000,
  // Six transactions in pages of two; two of them are not sales.
  pages: 3,
  ids: ['5TY05013RG002845M', '2AB23456CD789012F', '3AB23456CD789012G', '5AB23456CD789012J'],
  statuses: ['unshipped', 'pending', 'cancelled', 'cancelled'],
  first: {
    source: 'paypal',
    platformOrderId: '5TY05013RG002845M',
    orderNumber: 'INV-2026-001',
    orderDate: '2026-03-01T21:10:00.000Z',
    status: 'unshipped',
    customer: {
      firstName: 'Evelyn',
      lastName: 'Boyd Granville',
      email: 'evelyn.boyd@example.com',
      phone: '4085550111',
      address: { name: 'Evelyn Boyd Granville', address1: '8 Orbit Ln', city: 'San Jose', state: 'CA', zip: '95112', country: 'US' },
    },
    shipTo: { name: 'Evelyn Boyd Granville', address1: '8 Orbit Ln', city: 'San Jose', state: 'CA', zip: '95112', country: 'US' },
    items: [{ sku: 'SOAP-3', name: 'Goat Milk Soap', quantity: 4, price: 8 }],
    subtotal: 32,
    shipping: 5,
    tax: 1.5,
    total: 38.5,
  },
};
