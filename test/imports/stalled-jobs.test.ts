import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { QUEUES } from '../../infra/definitions.js';
import { csvJobEntity } from '../../functions/data/entities.js';
import { claimCsvJob, csvJobId, getCsvJob } from '../../functions/data/csv-jobs.js';
import { client } from '../../functions/data/table.js';
import { uploadKey } from '../../functions/imports/csv-upload.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { csvForm, finished } from './upload-support.js';

/**
 * A job whose worker is gone (a crash, a stopped cloud, a message lost) makes no more progress. Once it has made
 * none for longer than the worker may run, reading its status marks it failed with words the seller can act on,
 * and the same file may be uploaded again.
 */
const HEADER = 'Order Number,Order Date,First Name,Last Name,Email,Address 1,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price';
const file = (tag: string) => `${HEADER}\n${tag}-1,2024-05-01,Ann,Lee,ann@example.com,1 Main St,Austin,TX,78701,US,SKU-A,Soy Candle,1,10.00\n`;
const TIMEOUT_MS = QUEUES.csvJobs.workerTimeoutSeconds * 1000;

/** A job left open as a worker that died would leave it: claimed (and started, for `syncing`), nothing since. */
async function abandonedJob(seller: TestSeller, text: string, status: 'uploading' | 'syncing', lastProgressMsAgo: number) {
  const fileHash = createHash('sha256').update(text).digest('hex');
  const jobId = csvJobId('orders', fileHash);
  const job = { jobId, kind: 'orders' as const, fileName: 'lost.csv', fileHash, s3Key: uploadKey(seller.sellerId, jobId), rowsTotal: 1 };
  expect(await claimCsvJob(seller.sellerId, job, new Date(0).toISOString())).toBe('created');
  // updatedAt is set by every write through the entity: the past is written around it.
  const { Key, TableName } = csvJobEntity().get({ sellerId: seller.sellerId, jobId }).params();
  await client.send(
    new UpdateCommand({
      TableName,
      Key,
      UpdateExpression: 'SET #s = :s, updatedAt = :t',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status, ':t': new Date(Date.now() - lastProgressMsAgo).toISOString() },
    }),
  );
  return jobId;
}

const status = async (seller: TestSeller, ids: string[]) => (await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: ids.join(',') } })).json;

describe('jobs that lost their worker', () => {
  it('reads as failed, with what to do, once it made no progress for longer than its worker may run', async () => {
    const seller = await createTestSeller();
    const uploading = await abandonedJob(seller, file('U'), 'uploading', TIMEOUT_MS + 60_000);
    const syncing = await abandonedJob(seller, file('S'), 'syncing', TIMEOUT_MS + 1_000);
    const alive = await abandonedJob(seller, file('A'), 'syncing', TIMEOUT_MS - 60_000);

    const answer = await status(seller, [uploading, syncing, alive]);
    expect(answer.allDone).toBe(false);
    expect(answer.jobs.map((j: { status: string; failureReason?: string }) => [j.status, j.failureReason])).toEqual([
      ['failed', MESSAGES.csvJobStalled],
      ['failed', MESSAGES.csvJobStalled],
      ['syncing', undefined],
    ]);
    // Marked on the item, not only in the answer: the upload screen, support and the re-upload all see it.
    expect(await getCsvJob(seller.sellerId, syncing)).toMatchObject({ status: 'failed', failureReason: MESSAGES.csvJobStalled });
    expect(await getCsvJob(seller.sellerId, alive)).toMatchObject({ status: 'syncing' });
  });

  it('lets the same file be uploaded again, whether or not its status was read first, and the new upload completes', async () => {
    const seller = await createTestSeller();
    const read = file('R');
    const unread = file('N');
    const live = file('L');
    const readJob = await abandonedJob(seller, read, 'syncing', TIMEOUT_MS + 1_000);
    await abandonedJob(seller, unread, 'uploading', TIMEOUT_MS + 1_000);
    await abandonedJob(seller, live, 'syncing', 1_000);
    await status(seller, [readJob]);

    const again = await seller.api('POST', '/upload/csvSync', { body: csvForm('lost.csv', read) });
    expect(again.status).toBe(200);
    const unreadAgain = await seller.api('POST', '/upload/csvSync', { body: csvForm('lost.csv', unread) });
    expect(unreadAgain.status).toBe(200);
    const jobs = await finished(seller, [...again.json.ids, ...unreadAgain.json.ids]);
    expect(jobs.map((j) => [j.status, j.ordersCreated])).toEqual([
      ['complete', 1],
      ['complete', 1],
    ]);
    // A job still making progress is no duplicate to take over.
    const duplicate = await seller.api('POST', '/upload/csvSync', { body: csvForm('lost.csv', live) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toBe(MESSAGES.duplicateCsv);
  });
});
