import { describe, expect, it } from 'vitest';
import { orderEntity } from '../../functions/data/entities.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createTestSeller } from '../support/sellers.js';
import { EXPECTED_IMPORTS, fixtureText, totalsByCurrency } from './fixtures.js';
import { csvForm, upload } from './upload-support.js';

/**
 * Orders CSV import end to end against the local cloud: POST /upload/csvSync, S3, the ObjectCreated event, the
 * csv-jobs queue, the csv-sync worker, DynamoDB Local, and /upload/csvSyncStatus as the page polls it.
 */

async function storedOrders(sellerId: string) {
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  return data;
}

async function counts(sellerId: string) {
  const p = await getSellerProfile(sellerId);
  return { orders: p?.orderCount, customers: p?.customerCount };
}

const HEADER = fixtureText('template-orders.csv').split('\n')[0] as string;
/** A template row of one item; `n` names the order. */
const row = (n: string, qty = 1, total = '') => `${n},2024-04-01,unshipped,Test,Buyer${n},buyer${n}@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,${qty},10.00,0,0,${total}`;

describe('orders CSV upload', () => {
  // A format added later, with its entry in expected.json, is covered without touching this file.
  it.each(Object.entries(EXPECTED_IMPORTS))('%s imports its orders, customers and totals, and reports its bad lines', async (file, expected) => {
    const seller = await createTestSeller();
    // A file whose dates read two ways goes with the seller's answer, as the screen sends it once it has asked.
    const { res, job } = await upload(seller, '/upload/csvSync', file, fixtureText(file), expected.dateOrder);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(job).toMatchObject({ status: 'complete', format: expected.format, ordersCreated: expected.orders, ordersUpdated: 0 });
    expect(job?.customersCreated).toBe(expected.customers);
    expect(job?.rowsDone).toBe(job?.rowsTotal);
    expect(job?.errors.map((e) => e.line)).toEqual(expected.badLines);
    for (const e of job?.errors ?? []) expect(e.reason.length, `line ${e.line}`).toBeGreaterThan(5);

    const orders = await storedOrders(seller.sellerId);
    expect(orders).toHaveLength(expected.orders);
    expect(totalsByCurrency(orders)).toEqual(expected.totals);
    if (expected.firstDate) expect(orders.map((o) => o.orderDate)).toContain(expected.firstDate);
    expect(new Set(orders.map((o) => o.customerId)).size).toBe(expected.customers);
    expect(await counts(seller.sellerId)).toEqual({ orders: expected.orders, customers: expected.customers });

    const listed = await seller.api('GET', '/orders/list');
    expect(listed.status).toBe(200);
    expect(listed.json.orders).toHaveLength(Math.min(expected.orders, 20));
  });

  it('the same file again: "A matching file has already been uploaded." and nothing changes', async () => {
    const seller = await createTestSeller();
    const text = fixtureText('template-orders.csv');
    await upload(seller, '/upload/csvSync', 'orders.csv', text, 'mdy');
    const again = await seller.api('POST', '/upload/csvSync', { body: csvForm('renamed copy.csv', text, 'mdy') });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('A matching file has already been uploaded.');
    expect(await storedOrders(seller.sellerId)).toHaveLength(EXPECTED_IMPORTS['template-orders.csv']?.orders ?? -1);
  });

  it('the same bytes from two sellers are two imports: the duplicate check is per seller', async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    const text = [HEADER, row('S-1')].join('\n');
    const first = await upload(a, '/upload/csvSync', 'orders.csv', text);
    const second = await upload(b, '/upload/csvSync', 'orders.csv', text);
    expect(first.job).toMatchObject({ status: 'complete', ordersCreated: 1 });
    expect(second.job).toMatchObject({ status: 'complete', ordersCreated: 1 });
  });

  it('an unknown header: 400 "A CSV in an unsupported format has been uploaded." and no job', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/csvSync', { body: csvForm('orders.csv', 'Invoice,Amount Due\nINV-1,12.00\n') });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('A CSV in an unsupported format has been uploaded.');
    // Refused before its job was claimed: the same file is not "already uploaded".
    const again = await seller.api('POST', '/upload/csvSync', { body: csvForm('orders.csv', 'Invoice,Amount Due\nINV-1,12.00\n') });
    expect(again.status).toBe(400);
  });

  it('an empty file is not a format we know', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/csvSync', { body: csvForm('orders.csv', '') });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('A CSV in an unsupported format has been uploaded.');
  });

  it('accepts .csv files only', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/csvSync', { body: csvForm('orders.xlsx', fixtureText('template-orders.csv')) });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('Please choose a .csv file.');
  });

  it('refuses a file over 10 MB and stores nothing', async () => {
    const seller = await createTestSeller();
    const lines = [HEADER];
    let size = HEADER.length;
    for (let i = 0; size <= 10_050_000; i++) {
      const r = row(`BIG-${i}`);
      lines.push(r);
      size += r.length + 1;
    }
    const res = await seller.api('POST', '/upload/csvSync', { body: csvForm('big.csv', lines.join('\n')) });
    expect(res.status).toBe(400);
    expect(res.json.errors.files).toBe('The file is larger than 10 MB.');
    expect(await storedOrders(seller.sellerId)).toHaveLength(0);
  });

  it('a file overlapping an earlier import creates no duplicate orders: counts exact, changed orders updated', async () => {
    const seller = await createTestSeller();
    const first = await upload(seller, '/upload/csvSync', 'march.csv', [HEADER, row('O-1'), row('O-2'), row('O-3')].join('\n'));
    expect(first.job).toMatchObject({ status: 'complete', ordersCreated: 3 });
    // O-2 again as it was, O-3 with another quantity, O-4 new.
    const second = await upload(seller, '/upload/csvSync', 'april.csv', [HEADER, row('O-2'), row('O-3', 2), row('O-4')].join('\n'));
    expect(second.job).toMatchObject({ status: 'complete', ordersCreated: 1, ordersUpdated: 1, customersCreated: 1, errors: [] });

    const orders = await storedOrders(seller.sellerId);
    expect(orders.map((o) => o.orderNumber).sort()).toEqual(['O-1', 'O-2', 'O-3', 'O-4']);
    expect(orders.find((o) => o.orderNumber === 'O-3')).toMatchObject({ items: [{ quantity: 2, price: 10 }], subtotal: 20, total: 20 });
    expect(await counts(seller.sellerId)).toEqual({ orders: 4, customers: 4 });
  });

  it("another seller's job is not found and its orders are not listed", async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    const { job } = await upload(a, '/upload/csvSync', 'orders.csv', [HEADER, row('P-1')].join('\n'));
    const status = await b.api('GET', '/upload/csvSyncStatus', { query: { ids: job?.id ?? '' } });
    expect(status.json.jobs[0]).toMatchObject({ status: 'failed', failureReason: 'That upload was not found.' });
    expect(status.json.jobs[0].ordersCreated).toBeUndefined();
    expect((await b.api('GET', '/orders/list')).json.orders).toEqual([]);
  });
});
