import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3 } from '../../functions/adapters/s3.js';
import { orderEntity } from '../../functions/data/entities.js';
import { MAX_CSV_BYTES } from '../../shared/schemas/upload.js';
import { createTestSeller } from '../support/sellers.js';
import { EXPECTED_IMPORTS, fixtureText } from './fixtures.js';
import { csvForm, type JobStatus, type PresignedPost, policyOf, postObjectForm, presignedUpload, upload } from './upload-support.js';

/**
 * CSVs sent straight to S3 (issue 13: a Lambda request carries at most 6 MB): /upload/presign signs a POST for one
 * key under the seller's prefix; the local S3 takes the form, its ObjectCreated event starts the job, and the worker
 * checks the bytes against the seller's earlier files.
 */

const BUCKET = () => process.env.UPLOAD_BUCKET as string;
const PREFIX = () => process.env.UPLOAD_PREFIX as string;
// Its dates read two ways (03/05/2024): every upload of it carries the seller's answer, as the screen sends it once asked.
const TEMPLATE = fixtureText('template-orders.csv');
const EXPECTED = EXPECTED_IMPORTS['template-orders.csv']!;

async function storedOrders(sellerId: string) {
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  return data;
}

const jobOf = async (seller: Awaited<ReturnType<typeof createTestSeller>>, id: string) =>
  ((await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: id } })).json.jobs as JobStatus[])[0];

describe('/upload/presign', () => {
  it("signs a POST for one key under the seller's own prefix: that key, text/csv, 1 byte to 10 MB, for minutes", async () => {
    const seller = await createTestSeller();
    const before = Date.now();
    const res = await seller.api('POST', '/upload/presign', { body: { kind: 'orders', filename: 'March orders.csv', size: 1234 } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { jobId, url, fields } = res.json as PresignedPost;
    const key = `${PREFIX()}${seller.sellerId}/${jobId}.csv`;
    expect(fields.key).toBe(key);
    expect(new URL(url).pathname).toBe(`/${BUCKET()}`);
    const policy = policyOf(fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key }, { bucket: BUCKET() }, { 'Content-Type': 'text/csv' }, ['content-length-range', 1, MAX_CSV_BYTES]]),
    );
    // Nothing but the key itself: no starts-with that would let the form name another key.
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);
    // The job waits for its file, and the page can poll it at once.
    expect(await jobOf(seller, jobId)).toMatchObject({ id: jobId, status: 'uploading', fileName: 'March orders.csv' });
  });

  it('every form is for a job of its own: two presigns, two keys', async () => {
    const seller = await createTestSeller();
    const body = { kind: 'customers', filename: 'list.csv', size: 10 };
    const [a, b] = await Promise.all([seller.api('POST', '/upload/presign', { body }), seller.api('POST', '/upload/presign', { body })]);
    expect(a.json.fields.key).not.toBe(b.json.fields.key);
    expect(a.json.jobId).toMatch(/^customers-/);
  });

  it.each([
    ['a name that is not .csv', { filename: 'orders.xlsx', size: 100 }, 'filename', 'Please choose a .csv file.'],
    ['a size over the cap', { filename: 'orders.csv', size: MAX_CSV_BYTES + 1 }, 'size', 'The file is larger than 10 MB.'],
    ['an empty file', { filename: 'orders.csv', size: 0 }, 'size', 'A CSV in an unsupported format has been uploaded.'],
    ['a size that is not a whole number', { filename: 'orders.csv', size: 1.5 }, 'size', undefined],
    ['a name over 255 characters', { filename: `${'a'.repeat(252)}.csv`, size: 100 }, 'filename', undefined],
  ])('refuses %s with 400 and signs nothing', async (_what, file, field, message) => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/presign', { body: { kind: 'orders', ...file } });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBeTypeOf('string');
    if (message) expect(res.json.errors[field]).toBe(message);
    expect(res.json.fields).toBeUndefined();
  });

  it('refuses a kind it does not import', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/upload/presign', { body: { kind: 'labels', filename: 'x.csv', size: 10 } });
    expect(res.status).toBe(400);
  });
});

describe('a CSV POSTed straight to S3', () => {
  it('presign -> POST to S3 -> event -> job -> rows imported; the same bytes again fail the new job as a duplicate', async () => {
    const seller = await createTestSeller();
    const first = await presignedUpload(seller, 'orders', 'orders.csv', TEMPLATE, 'mdy');
    expect(first.job).toMatchObject({ status: 'complete', format: EXPECTED.format, ordersCreated: EXPECTED.orders, fileName: 'orders.csv' });
    // The worker counted the rows it had to import, as the API counts a file it receives.
    expect(first.job.rowsTotal).toBe(first.job.rowsDone);
    const stored = await s3.send(new HeadObjectCommand({ Bucket: BUCKET(), Key: first.post.fields.key }));
    expect(stored.ContentType).toBe('text/csv');
    expect(await storedOrders(seller.sellerId)).toHaveLength(EXPECTED.orders);

    const again = await presignedUpload(seller, 'orders', 'renamed copy.csv', TEMPLATE, 'mdy');
    expect(again.job).toMatchObject({ status: 'failed', failureReason: 'A matching file has already been uploaded.', ordersCreated: 0 });
    expect(await storedOrders(seller.sellerId)).toHaveLength(EXPECTED.orders);
  });

  it('customers too, and the duplicate check is per kind', async () => {
    const seller = await createTestSeller();
    const list = 'First Name,Last Name,E-mail Address\nAda,Lovelace,ada@example.com\nGrace,Hopper,grace@example.com\n';
    const { job } = await presignedUpload(seller, 'customers', 'list.csv', list);
    expect(job).toMatchObject({ status: 'complete', format: 'customers', customersCreated: 2, rowsTotal: 2 });
    const again = await presignedUpload(seller, 'customers', 'list.csv', list);
    expect(again.job).toMatchObject({ status: 'failed', failureReason: 'A matching file has already been uploaded.' });
    // As an orders file the same bytes are new (and not an orders export).
    const asOrders = await presignedUpload(seller, 'orders', 'list.csv', list);
    expect(asOrders.job).toMatchObject({ status: 'failed', failureReason: 'A CSV in an unsupported format has been uploaded.' });
  });

  it("a failed job's bytes may be sent again: its job runs (and here fails again, for its own reason)", async () => {
    const seller = await createTestSeller();
    const unknown = 'Invoice,Amount Due\nINV-1,12.00\n';
    const first = await presignedUpload(seller, 'orders', 'invoices.csv', unknown);
    expect(first.job).toMatchObject({ status: 'failed', failureReason: 'A CSV in an unsupported format has been uploaded.' });
    const second = await presignedUpload(seller, 'orders', 'invoices.csv', unknown);
    expect(second.job).toMatchObject({ status: 'failed', failureReason: 'A CSV in an unsupported format has been uploaded.' });
  });

  it('the same bytes from two sellers are two imports', async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    const [ja, jb] = await Promise.all([presignedUpload(a, 'orders', 'o.csv', TEMPLATE, 'mdy'), presignedUpload(b, 'orders', 'o.csv', TEMPLATE, 'mdy')]);
    expect(ja.job).toMatchObject({ status: 'complete', ordersCreated: EXPECTED.orders });
    expect(jb.job).toMatchObject({ status: 'complete', ordersCreated: EXPECTED.orders });
  });

  it('a file sent through the API and the same bytes POSTed to S3 are one file: one check for both ways in', async () => {
    const seller = await createTestSeller();
    const api = await upload(seller, '/upload/csvSync', 'orders.csv', TEMPLATE, 'mdy');
    expect(api.job).toMatchObject({ status: 'complete' });
    const direct = await presignedUpload(seller, 'orders', 'orders.csv', TEMPLATE, 'mdy');
    expect(direct.job).toMatchObject({ status: 'failed', failureReason: 'A matching file has already been uploaded.' });

    const other = await createTestSeller();
    const text = `${TEMPLATE.trimEnd()}\n`;
    expect((await presignedUpload(other, 'orders', 'orders.csv', text, 'mdy')).job).toMatchObject({ status: 'complete' });
    const viaApi = await other.api('POST', '/upload/csvSync', { body: csvForm('orders.csv', text, 'mdy') });
    expect(viaApi.status).toBe(409);
    expect(viaApi.json.message).toBe('A matching file has already been uploaded.');
  });

  it("a seller's form does not store under another key, nor a file over its size", async () => {
    const [seller, victim] = await Promise.all([createTestSeller(), createTestSeller()]);
    const { url, fields } = (await seller.api('POST', '/upload/presign', { body: { kind: 'orders', filename: 'o.csv', size: 10 } })).json as PresignedPost;
    const forgedKey = `${PREFIX()}${victim.sellerId}/orders-forged.csv`;
    const forged = await fetch(url, { method: 'POST', body: postObjectForm({ ...fields, key: forgedKey }, TEMPLATE) });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>AccessDenied</Code>');
    await expect(s3.send(new GetObjectCommand({ Bucket: BUCKET(), Key: forgedKey }))).rejects.toThrow();
  });
});
