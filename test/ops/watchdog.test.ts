import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { callInProcess } from '../support/in-process.js';
import { captureOutput, emfOf, probeCloud } from './support.js';

/**
 * A job that lost its worker is failed, and counted in JobsFailed (which alarms), even when nobody reads its status:
 * each import and sync asks the watchdog to look at it once its worker's timeout has passed. The timeouts are 2 s
 * here, so the delayed looks arrive within the test; the probe queues are this file's own.
 */
const output = captureOutput();
let probe: Awaited<ReturnType<typeof probeCloud>>;

beforeAll(async () => {
  probe = await probeCloud({
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_SERVICE_NAME: 'consultant-desk-watchdog-test',
    CSV_JOB_TIMEOUT_SECONDS: '2',
    PLATFORM_SYNC_TIMEOUT_SECONDS: '2',
  });
});
afterAll(() => probe?.cleanup());

const jobsFailed = () => emfOf(output.json()).filter((d) => METRIC.jobsFailed in d.values).length;

/** The watchdog's delayed messages once they are due (the timeout, 2 s, and its margin). */
async function dueWatches() {
  await new Promise((r) => setTimeout(r, 3_500));
  const event = await probe.queues.jobWatchdog.event();
  return event;
}

describe('the job watchdog', () => {
  it('fails an import whose worker never came, with no status read, and counts it once', async () => {
    const { mods } = probe;
    const seller = await mods.sellers.createTestSeller();
    const form = mods.uploads.csvForm('orders.csv', mods.fixtures.fixtureText('template-orders.csv'), 'mdy');
    const res = await callInProcess(mods.http.upload.handler, seller, 'POST', '/upload/csvSync', form);
    expect(res.statusCode).toBe(200);
    const { jobId } = JSON.parse(res.body ?? '{}').jobs[0] as { jobId: string };

    const event = await dueWatches();
    expect(event.Records.map((r) => JSON.parse(r.body))).toEqual([{ type: 'job-watch', kind: 'csv', sellerId: seller.sellerId, jobId }]);
    output.clear();
    expect((await mods.workers.watchdog.handler(event)).batchItemFailures).toEqual([]);
    expect(await mods.csvJobs.getCsvJob(seller.sellerId, jobId)).toMatchObject({ status: 'failed', failureReason: MESSAGES.csvJobStalled });
    expect(jobsFailed()).toBe(1);

    // The same look delivered again: the job is already failed, nothing is counted twice.
    output.clear();
    await mods.workers.watchdog.handler(event);
    expect(jobsFailed()).toBe(0);
  });

  it('leaves a job that is still making progress alone and looks again later', async () => {
    const { mods } = probe;
    const seller = await mods.sellers.createTestSeller();
    const form = mods.uploads.csvForm('orders.csv', mods.fixtures.fixtureText('template-orders.csv'), 'mdy');
    const res = await callInProcess(mods.http.upload.handler, seller, 'POST', '/upload/csvSync', form);
    const { jobId } = JSON.parse(res.body ?? '{}').jobs[0] as { jobId: string };
    const event = await dueWatches();
    // Progress just now, as a checkpoint of a live worker writes it.
    await mods.csvJobs.startCsvJob(seller.sellerId, jobId);

    output.clear();
    await mods.workers.watchdog.handler(event);
    expect(await mods.csvJobs.getCsvJob(seller.sellerId, jobId)).toMatchObject({ status: 'syncing' });
    expect(jobsFailed()).toBe(0);
    const again = await dueWatches();
    expect(again.Records.map((r) => JSON.parse(r.body).jobId)).toEqual([jobId]);
  });

  it('fails a presigned upload the browser never sent without counting it (the seller left; nothing of ours broke)', async () => {
    const { mods } = probe;
    const seller = await mods.sellers.createTestSeller();
    const res = await callInProcess(mods.http.upload.handler, seller, 'POST', '/upload/presign', { kind: 'orders', filename: 'left.csv', size: 100 });
    expect(res.statusCode).toBe(200);
    const { jobId } = JSON.parse(res.body ?? '{}') as { jobId: string };
    const event = await dueWatches();
    output.clear();
    await mods.workers.watchdog.handler(event);
    expect(await mods.csvJobs.getCsvJob(seller.sellerId, jobId)).toMatchObject({ status: 'failed' });
    expect(jobsFailed()).toBe(0);
  });

  it('fails a platform sync whose worker never ran, and counts it', async () => {
    const { mods } = probe;
    const seller = await mods.sellers.createTestSeller();
    await mods.connect.connectPlatform(seller.sellerId, 'shopify', 'https://candles.myshopify.com');
    const res = await callInProcess(mods.http.integrations.handler, seller, 'GET', '/shopify/ordersresync');
    expect(res.statusCode).toBe(200);
    const { requestId, requestedAt } = JSON.parse(res.body ?? '{}') as { requestId: string; requestedAt: string };

    const event = await dueWatches();
    expect(event.Records.map((r) => JSON.parse(r.body))).toMatchObject([{ kind: 'platform-sync', sellerId: seller.sellerId, requestId }]);
    output.clear();
    await mods.workers.watchdog.handler(event);
    expect(jobsFailed()).toBe(1);
    const { getSync } = await import('../../functions/data/integrations.js');
    expect(await getSync({ sellerId: seller.sellerId, requestId, requestedAt })).toMatchObject({
      status: 'failed',
      error: MESSAGES.platformSyncStalled('Shopify'),
    });
  });
});
