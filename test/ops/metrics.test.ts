import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE } from '../../shared/ops/metrics.js';
import { MAX_RECEIVE_COUNT } from '../../infra/definitions.js';
import { callInProcess } from '../support/in-process.js';
import { captureOutput, emfOf, objectCreated, probeCloud, shippableOrder, sqsEventOf } from './support.js';

/**
 * The product's metrics as CloudWatch receives them: the EMF documents Powertools writes to stdout, enabled here
 * (the test environment disables them elsewhere). Each product metric has the `service` dimension alone, which the
 * stack's alarms and dashboard read (infra/aws/ops.ts). The handlers and the csv worker run in this process, on an
 * upload prefix of this file's own that the shared cloud's worker does not take.
 */
const SERVICE = 'consultant-desk-metrics-test';
const output = captureOutput();
let probe: Awaited<ReturnType<typeof probeCloud>>;
let queues: typeof probe.queues;
let mods: typeof probe.mods;

beforeAll(async () => {
  probe = await probeCloud({ POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_SERVICE_NAME: SERVICE });
  ({ queues, mods } = probe);
});

afterAll(() => probe?.cleanup());

/** The product metrics published since the last clear: name -> value, each from a document of `service` alone. */
function productMetrics(): Record<string, unknown> {
  const names = new Set<string>(Object.values(METRIC));
  const found: Record<string, unknown> = {};
  for (const doc of emfOf(output.json())) {
    const own = Object.keys(doc.values).filter((n) => names.has(n));
    if (!own.length) continue;
    expect(doc.namespace).toBe(METRICS_NAMESPACE);
    expect(doc.dimensions).toEqual([['service']]);
    expect(doc.values.service).toBe(SERVICE);
    for (const n of own) {
      expect(found, `${n} published twice`).not.toHaveProperty(n);
      found[n] = doc.values[n];
    }
  }
  return found;
}

describe('import metrics (csv-sync worker)', () => {
  it('a finished import publishes its rows, its row errors and how long it took, once', async () => {
    const seller = await mods.sellers.createTestSeller();
    const form = mods.uploads.csvForm('orders.csv', mods.fixtures.fixtureText('template-orders.csv'), 'mdy');
    const res = await callInProcess(mods.http.upload.handler, seller, 'POST', '/upload/csvSync', form);
    expect(res.statusCode).toBe(200);
    const { jobId } = JSON.parse(res.body ?? '{}').jobs[0] as { jobId: string };
    const event = sqsEventOf(objectCreated(process.env.UPLOAD_BUCKET!, mods.csvUpload.uploadKey(seller.sellerId, jobId)));

    output.clear();
    expect((await mods.workers.csvSync.handler(event)).batchItemFailures).toEqual([]);
    const job = await mods.csvJobs.getCsvJob(seller.sellerId, jobId);
    expect(job).toMatchObject({ status: 'complete', errors: [expect.anything(), expect.anything()] });
    const published = productMetrics();
    expect(published).toEqual({
      [METRIC.importRows]: job!.rowsDone,
      [METRIC.importRowErrors]: 2,
      [METRIC.importDuration]: expect.any(Number),
    });
    expect(published[METRIC.importDuration]).toBeGreaterThan(0);
    expect(published[METRIC.importDuration]).toBeLessThan(60_000);

    // The same event again (S3 and SQS deliver more than once): the job is done, nothing is counted twice.
    output.clear();
    await mods.workers.csvSync.handler(sqsEventOf(JSON.parse(event.Records[0]!.body)));
    expect(productMetrics()).toEqual({});
  });

  it("a job that failed every try for a reason of ours counts in JobsFailed; the seller's own refusal does not", async () => {
    const seller = await mods.sellers.createTestSeller();
    const jobId = `orders-${randomUUID().replace(/-/g, '')}`;
    const s3Key = mods.csvUpload.uploadKey(seller.sellerId, jobId);
    // A job whose file is not in the bucket: reading it fails on every try.
    await mods.csvJobs.claimCsvJob(seller.sellerId, { jobId, kind: 'orders', fileName: 'gone.csv', fileHash: jobId, s3Key, rowsTotal: 1 }, new Date().toISOString());
    const body = objectCreated(process.env.UPLOAD_BUCKET!, s3Key);

    output.clear();
    expect((await mods.workers.csvSync.handler(sqsEventOf(body, 1))).batchItemFailures).toHaveLength(1);
    expect(productMetrics()).toEqual({});
    output.clear();
    expect((await mods.workers.csvSync.handler(sqsEventOf(body, MAX_RECEIVE_COUNT))).batchItemFailures).toHaveLength(1);
    expect(await mods.csvJobs.getCsvJob(seller.sellerId, jobId)).toMatchObject({ status: 'failed' });
    expect(productMetrics()).toEqual({ [METRIC.jobsFailed]: 1 });

    // A file whose header the worker does not know (the API checks it too, but not every upload went through it):
    // failed, for the seller to fix, and not counted.
    const otherId = `orders-${randomUUID().replace(/-/g, '')}`;
    const otherKey = mods.csvUpload.uploadKey(seller.sellerId, otherId);
    await mods.csvJobs.claimCsvJob(seller.sellerId, { jobId: otherId, kind: 'orders', fileName: 'x.csv', fileHash: otherId, s3Key: otherKey, rowsTotal: 1 }, new Date().toISOString());
    await mods.s3.putUpload(otherKey, new TextEncoder().encode('a,b\n1,2\n'), 'text/csv');
    output.clear();
    expect((await mods.workers.csvSync.handler(sqsEventOf(objectCreated(process.env.UPLOAD_BUCKET!, otherKey)))).batchItemFailures).toEqual([]);
    expect(await mods.csvJobs.getCsvJob(seller.sellerId, otherId)).toMatchObject({ status: 'failed' });
    expect(productMetrics()).toEqual({});
  });
});

describe('label metrics (http-shipping)', () => {
  it('a label bought counts once (not its replay), a refused purchase counts as failed, a void counts as voided', async () => {
    const seller = await mods.shipping.shippingSeller(10_000);
    const order = await mods.shipping.orderFor(seller);
    const body = { orderId: order.orderId, service: 'usps_ground_advantage', parcel: mods.shipping.PARCEL, amountCents: mods.shipping.shown('usps_ground_advantage'), idempotencyKey: `metrics-${randomUUID()}` };
    const call = (path: string, b: unknown) => callInProcess(mods.http.shipping.handler, seller, 'POST', path, b);

    output.clear();
    const bought = await call('/shipping/buyLabel', body);
    expect(bought.statusCode).toBe(200);
    expect(productMetrics()).toEqual({ [METRIC.labelsBought]: 1 });
    // The action's latency is published apart, with its route: it does not add a dimension to the product's.
    expect(emfOf(output.json()).find((d) => 'ActionLatency' in d.values)?.dimensions).toEqual([['service', 'route']]);

    output.clear();
    expect((await call('/shipping/buyLabel', body)).statusCode).toBe(200);
    expect(productMetrics()).toEqual({});

    // A seller whose balance does not cover the label, with no card to recharge from.
    const short = await mods.shipping.shippingSeller(500);
    const dear = await mods.shipping.orderFor(short);
    output.clear();
    const refused = await callInProcess(mods.http.shipping.handler, short, 'POST', '/shipping/buyLabel', {
      ...body,
      orderId: dear.orderId,
      service: 'usps_priority_express',
      amountCents: mods.shipping.shown('usps_priority_express'),
    });
    expect(refused.statusCode).toBe(402);
    expect(productMetrics()).toEqual({ [METRIC.labelsFailed]: 1 });

    output.clear();
    const labelId = JSON.parse(bought.body ?? '{}').labelId as string;
    expect((await call('/shipping/voidLabel', { labelId })).statusCode).toBe(200);
    expect((await call('/shipping/voidLabel', { labelId })).statusCode).toBe(200);
    expect(productMetrics()).toEqual({ [METRIC.labelsVoided]: 1 });

    // Each call's latency names its own route, also when the calls run side by side (one sink for the container).
    output.clear();
    await Promise.all([call('/shipping/voidLabel', { labelId }), callInProcess(mods.http.shipping.handler, seller, 'GET', '/shipping/usage')]);
    const latencies = emfOf(output.json()).filter((d) => 'ActionLatency' in d.values);
    expect(latencies.map((d) => [d.dimensions, d.values.route]).sort()).toEqual([
      [[['service', 'route']], 'shipping.usage'],
      [[['service', 'route']], 'shipping.voidLabel'],
    ]);
  });
});

describe('sync metrics (platform-sync worker)', () => {
  it('a sync that ran to the end counts as completed; its message delivered again counts nothing', async () => {
    const seller = await mods.sellers.createTestSeller();
    await mods.connect.connectPlatform(seller.sellerId, 'shopify', 'https://candles.myshopify.com');
    expect((await callInProcess(mods.http.integrations.handler, seller, 'GET', '/shopify/ordersresync')).statusCode).toBe(200);
    const event = await queues.platformSync.event();

    output.clear();
    expect((await mods.workers.platformSync.handler(event)).batchItemFailures).toEqual([]);
    expect(productMetrics()).toEqual({ [METRIC.syncsCompleted]: 1 });
    output.clear();
    await mods.workers.platformSync.handler(event);
    expect(productMetrics()).toEqual({});
  });
});

describe('label batch metrics (label-batch worker)', () => {
  it('an order whose purchase failed every try for a reason of ours is settled failed and counts in JobsFailed', async () => {
    const seller = await mods.shipping.shippingSeller(10_000);
    const orderId = await shippableOrder(seller.sellerId, 'M-1');
    const body = { orderIds: [orderId], service: 'usps_ground_advantage', parcel: mods.shipping.PARCEL, idempotencyKey: `metrics-${orderId}` };
    const started = await callInProcess(mods.http.shipping.handler, seller, 'POST', '/shipping/batchPurchase', body);
    expect(started.statusCode).toBe(200);
    const [record] = (await queues.labelBatches.event()).Records;

    // S3 refuses the label's PDF: not the seller's to fix, so SQS would retry; this is the last receive.
    const s3 = mockClient(mods.s3.s3).on(PutObjectCommand).rejects(Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable' }));
    try {
      output.clear();
      const answer = await mods.workers.labelBatch.handler(sqsEventOf(JSON.parse(record!.body), MAX_RECEIVE_COUNT));
      expect(answer.batchItemFailures).toHaveLength(1);
    } finally {
      s3.restore();
    }
    const batchId = JSON.parse(started.body ?? '{}').batchId as string;
    expect(productMetrics()).toEqual({ [METRIC.labelsFailed]: 1, [METRIC.jobsFailed]: 1 });
    expect((await seller.api('GET', '/shipping/batchStatus', { query: { id: batchId } })).json).toMatchObject({ done: true, failed: 1 });
  });
});
