import { describe, expect, it } from 'vitest';
import { orderEntity } from '../../functions/data/entities.js';
import { createTestSeller } from '../support/sellers.js';
import { fixtureText } from './fixtures.js';
import { csvForm, presignedUpload, upload } from './upload-support.js';

/**
 * Issue 19 end to end (route or presigned POST, S3, the queue, the worker, DynamoDB Local): dates whose order the
 * file cannot tell are asked for and the answer decides, reports that are not orders are refused with a pointer,
 * orders keep their currency, late names fill a customer named after an email, no address means no country.
 */

async function storedOrders(sellerId: string) {
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  return data;
}

const HEADER = fixtureText('template-orders.csv').split('\n')[0] as string;
/** A template file whose dates (5 March or May 3; 6 April or June 4) read two ways. */
const AMBIGUOUS = `${HEADER}
A-1,05/03/2024,unshipped,Ada,Example,ada@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,1,10.00,0,0,10.00
A-2,04/06/2024,unshipped,Bo,Example,bo@example.com,,,2 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,1,10.00,0,0,10.00
`;

const datesOf = async (sellerId: string) => Object.fromEntries((await storedOrders(sellerId)).map((o) => [o.orderNumber, o.orderDate.slice(0, 10)]));

describe('a file whose dates read two ways', () => {
  it('through the API: refused with the question until the seller answers, and the answer decides', async () => {
    const seller = await createTestSeller();
    const asked = await seller.api('POST', '/upload/csvSync', { body: csvForm('orders.csv', AMBIGUOUS) });
    expect(asked.status).toBe(400);
    expect(asked.json.errors.dateOrder).toBe(
      'The dates in this file (such as 05/03/2024) could be day/month/year or month/day/year. Please choose which they are.',
    );
    expect(await storedOrders(seller.sellerId)).toEqual([]);
    const { job } = await upload(seller, '/upload/csvSync', 'orders.csv', AMBIGUOUS, 'dmy');
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 2 });
    expect(await datesOf(seller.sellerId)).toEqual({ 'A-1': '2024-03-05', 'A-2': '2024-06-04' });
  });

  it('straight to S3: the job asks with an example date, and the same file sent again with the answer imports', async () => {
    const seller = await createTestSeller();
    const { job: first } = await presignedUpload(seller, 'orders', 'orders.csv', AMBIGUOUS);
    expect(first).toMatchObject({ status: 'failed', dateSample: '05/03/2024', ordersCreated: 0 });
    expect(first.failureReason).toContain('could be day/month/year or month/day/year');
    const { job: second } = await presignedUpload(seller, 'orders', 'orders.csv', AMBIGUOUS, 'mdy');
    expect(second).toMatchObject({ status: 'complete', ordersCreated: 2 });
    expect(second.dateSample ?? undefined).toBeUndefined();
    expect(await datesOf(seller.sellerId)).toEqual({ 'A-1': '2024-05-03', 'A-2': '2024-04-06' });
  });

  it('a file that says its order itself is never asked, and a date that does not fit it is refused, not swapped', async () => {
    const seller = await createTestSeller();
    const { job } = await presignedUpload(seller, 'orders', 'paypal.csv', fixtureText('paypal-day-first.csv'));
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 4 });
    expect(job.errors).toEqual([{ line: 7, reason: "Date '31/04/2024 10:00:00' is not a date." }]);
    const dates = Object.values(await datesOf(seller.sellerId)).sort();
    expect(dates).toEqual(['2024-03-05', '2024-03-18', '2024-04-02', '2024-04-25']);
  });
});

describe('reports that are not orders', () => {
  it.each([
    ['paypal-statement.csv', 'It looks like a PayPal statement; please upload the PayPal activity download'],
    ['shopify-products.csv', 'It looks like a Shopify product import template; please upload the Shopify orders export'],
  ])('%s: the spec message, what it looks like and the download to use, on the route and in the job', async (file, pointer) => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/csvSync', { body: csvForm(file, fixtureText(file)) });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toMatch(/^A CSV in an unsupported format has been uploaded\. /);
    expect(res.json.errors.files).toContain(pointer);
    const { job } = await presignedUpload(seller, 'orders', file, fixtureText(file));
    expect(job.status).toBe('failed');
    expect(job.failureReason).toMatch(/^A CSV in an unsupported format has been uploaded\. /);
    expect(job.failureReason).toContain(pointer);
  });
});

describe('currency', () => {
  it('a EUR order is stored in euros, shown with its currency, and its fee is in euros', async () => {
    const seller = await createTestSeller();
    await upload(seller, '/upload/csvSync', 'paypal.csv', fixtureText('paypal-day-first.csv'));
    const orders = await storedOrders(seller.sellerId);
    expect(new Set(orders.map((o) => o.currency))).toEqual(new Set(['EUR']));
    const one = orders.find((o) => o.total === 32.5)!;
    const got = await seller.api('GET', '/orders/get', { query: { id: one.orderId } });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ currency: 'EUR', total: 32.5, fees: { currency: 'EUR' } });
  });

  it('dollar orders store no currency (none is USD)', async () => {
    const seller = await createTestSeller();
    await upload(seller, '/upload/csvSync', 'square.csv', fixtureText('square-items.csv'));
    expect((await storedOrders(seller.sellerId)).map((o) => o.currency)).toEqual([undefined, undefined, undefined]);
  });
});

describe('names and addresses', () => {
  it('a customer first seen by email only takes the name a later row gives, and is found by it; no address, no country', async () => {
    const seller = await createTestSeller();
    const { job } = await upload(seller, '/upload/csvSync', 'late.csv', fixtureText('template-late-names.csv'));
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 4, customersCreated: 3 });
    const found = await seller.api('GET', '/customers/search', { query: { q: 'Quinn' } });
    expect(found.json.customers).toHaveLength(1);
    expect(found.json.customers[0]).toMatchObject({ firstName: 'Nora', lastName: 'Quinn', email: 'nora.quinn@example.com' });
    const pat = (await seller.api('GET', '/customers/search', { query: { q: 'Lee' } })).json.customers[0];
    expect(pat.country ?? undefined).toBeUndefined();

    // A later file names the buyer the first one knew by email only.
    const later = `${HEADER}\nL-3001,2024-07-01,unshipped,Sam,Ortiz,sam.ortiz@example.com,,,,,,,,,SKU-1,Soy Candle,1,10.00,0,0,10.00\n`;
    await upload(seller, '/upload/csvSync', 'later.csv', later);
    const sam = (await seller.api('GET', '/customers/search', { query: { q: 'Ortiz' } })).json.customers;
    expect(sam).toHaveLength(1);
    expect(sam[0]).toMatchObject({ firstName: 'Sam', lastName: 'Ortiz', email: 'sam.ortiz@example.com' });
  });

  it('a name the seller gave is never replaced by an import', async () => {
    const seller = await createTestSeller();
    const first = `${HEADER}\nM-1,2024-07-01,unshipped,,,kim@example.com,,,,,,,,,SKU-1,Soy Candle,1,10.00,0,0,10.00\n`;
    await upload(seller, '/upload/csvSync', 'first.csv', first);
    const kim = (await seller.api('GET', '/customers/search', { query: { q: 'kim@example.com' } })).json.customers[0];
    const saved = await seller.api('POST', '/customers/save', { body: { ...kim, firstName: 'Kimberly', lastName: 'Stone', country: 'US' } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const second = `${HEADER}\nM-2,2024-07-02,unshipped,Kim,Other,kim@example.com,,,,,,,,,SKU-1,Soy Candle,1,10.00,0,0,10.00\n`;
    await upload(seller, '/upload/csvSync', 'second.csv', second);
    const after = await seller.api('GET', '/customers/get', { query: { id: kim.customerID } });
    expect(after.json).toMatchObject({ firstName: 'Kimberly', lastName: 'Stone' });
  });
});
