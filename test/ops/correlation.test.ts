import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { callInProcess } from '../support/in-process.js';
import { captureOutput, objectCreated, probeCloud, shippableOrder, sqsEventOf } from './support.js';

/**
 * One correlation id from the API call to the workers: the id a request is sent with is on every message it queues
 * (a platform sync, a label batch) or on the job it creates (a CSV upload, whose S3 event cannot carry it), and on
 * every log line the worker writes for that message; after the message, the logger carries it no more. The
 * handlers and workers run in this process, on probe queues and an upload prefix of this file's own that the
 * shared cloud's workers do not take, so their log lines can be read here.
 */
const output = captureOutput();
let probe: Awaited<ReturnType<typeof probeCloud>>;
let queues: typeof probe.queues;
let mods: typeof probe.mods;

beforeAll(async () => {
  probe = await probeCloud({ LOG_LEVEL: 'DEBUG' });
  ({ queues, mods } = probe);
});

afterAll(() => probe?.cleanup());

/** The JSON log lines written since the last clear (EMF documents have no `level`). */
const logLines = () => output.json().filter((l) => typeof l.level === 'string');

/** After a worker: the logger's next line carries no correlation id (the worker cleared it). */
function expectCleared() {
  output.clear();
  mods.observability.logger.info('after the worker');
  const [line] = logLines();
  expect(line?.message).toBe('after the worker');
  expect(line).not.toHaveProperty('correlationId');
}

describe('one correlation id from the API call to the workers', () => {
  it('Sync now: the platform-sync message carries the request id, and so does every line the worker logs for it', async () => {
    const seller = await mods.sellers.createTestSeller();
    await mods.connect.connectPlatform(seller.sellerId, 'shopify', 'https://candles.myshopify.com');
    const id = `sync-${randomUUID()}`;
    const res = await callInProcess(mods.http.integrations.handler, seller, 'GET', '/shopify/ordersresync', undefined, { 'x-correlation-id': id });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['x-correlation-id']).toBe(id);

    const event = await queues.platformSync.event();
    expect(event.Records).toHaveLength(1);
    expect(event.Records[0]!.messageAttributes.correlationId?.stringValue).toBe(id);

    output.clear();
    expect((await mods.workers.platformSync.handler(event)).batchItemFailures).toEqual([]);
    const lines = logLines();
    expect(lines.map((l) => l.message)).toContain('platform sync delivery done');
    for (const line of lines) expect(line.correlationId, String(line.message)).toBe(id);
    expectCleared();
  });

  it('Batch Purchase: every label-batches message carries the request id, and every line the worker logs for them', async () => {
    const seller = await mods.shipping.shippingSeller(10_000);
    const orderIds = [];
    for (const n of [1, 2]) orderIds.push(await shippableOrder(seller.sellerId, `C-${n}`));
    const id = `batch-${randomUUID()}`;
    const body = { orderIds, service: 'usps_ground_advantage', parcel: mods.shipping.PARCEL, idempotencyKey: id };
    const res = await callInProcess(mods.http.shipping.handler, seller, 'POST', '/shipping/batchPurchase', body, { 'x-correlation-id': id });
    expect(res.statusCode).toBe(200);

    const event = await queues.labelBatches.event();
    expect(event.Records).toHaveLength(2);
    for (const r of event.Records) expect(r.messageAttributes.correlationId?.stringValue).toBe(id);

    output.clear();
    expect((await mods.workers.labelBatch.handler(event)).batchItemFailures).toEqual([]);
    const lines = logLines();
    expect(lines.filter((l) => l.message === 'message received')).toHaveLength(2);
    for (const line of lines) expect(line.correlationId, String(line.message)).toBe(id);
    expectCleared();
  });

  it("a CSV upload: the job keeps the request id (S3's event has no room for it), and the worker logs the job under it", async () => {
    const seller = await mods.sellers.createTestSeller();
    const id = `upload-${randomUUID()}`;
    const form = mods.uploads.csvForm('orders.csv', mods.fixtures.fixtureText('template-orders.csv'), 'mdy');
    const res = await callInProcess(mods.http.upload.handler, seller, 'POST', '/upload/csvSync', form, { 'x-correlation-id': id });
    expect(res.statusCode).toBe(200);
    const { jobId } = JSON.parse(res.body ?? '{}').jobs[0] as { jobId: string };
    expect((await mods.csvJobs.getCsvJob(seller.sellerId, jobId))?.correlationId).toBe(id);

    output.clear();
    const key = mods.csvUpload.uploadKey(seller.sellerId, jobId);
    const event = sqsEventOf(objectCreated(process.env.UPLOAD_BUCKET!, key));
    expect((await mods.workers.csvSync.handler(event)).batchItemFailures).toEqual([]);
    expect((await mods.csvJobs.getCsvJob(seller.sellerId, jobId))?.status).toBe('complete');
    // The record's first line is logged before the job is read: under the message's own id.
    const lines = logLines();
    const adopted = lines.slice(lines.findIndex((l) => l.correlationId === id));
    expect(adopted.map((l) => l.message)).toContain('csv job complete');
    for (const line of adopted) expect(line.correlationId, String(line.message)).toBe(id);
    expectCleared();
  });

  it('an id that is not a plain short token is replaced by the request id', async () => {
    const seller = await mods.sellers.createTestSeller();
    await mods.connect.connectPlatform(seller.sellerId, 'etsy');
    const res = await callInProcess(mods.http.integrations.handler, seller, 'GET', '/etsy/ordersresync', undefined, { 'x-correlation-id': `x\n${'y'.repeat(500)}` });
    expect(res.statusCode).toBe(200);
    const sent = (await queues.platformSync.event()).Records[0]!.messageAttributes.correlationId?.stringValue;
    expect(sent).toBe(res.headers?.['x-correlation-id']);
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('every answer and every error line of a request carry its ids', () => {
  /** A group of probe routes, each ending the call one way: an unexpected error, a dependency down, a refusal. */
  async function probeHandler() {
    const { httpHandler } = await import('../../functions/http/http-handler.js');
    const { route } = await import('../../shared/api/routes/define.js');
    const { TooManyRequests, Unavailable } = await import('../../functions/domain/errors.js');
    const routes = [
      route('customers.probeCrash', 'GET', '/customers/probeCrash', 'customers'),
      route('customers.probeDown', 'GET', '/customers/probeDown', 'customers'),
      route('customers.probeBusy', 'GET', '/customers/probeBusy', 'customers'),
      route('customers.probeExecutive', 'GET', '/customers/probeExecutive', 'customers', { minPlan: 'executive' }),
      route('customers.probeQuery', 'GET', '/customers/probeQuery', 'customers', { query: z.object({ n: z.coerce.number() }) }),
    ] as const;
    return httpHandler('customers', routes, {
      'customers.probeCrash': async () => {
        throw new Error('boom');
      },
      'customers.probeDown': async () => {
        throw new Unavailable('The service is unavailable.', new Error('the table did not answer'));
      },
      'customers.probeBusy': async () => {
        throw new TooManyRequests(3);
      },
      'customers.probeExecutive': async () => ({}),
      'customers.probeQuery': async () => ({}),
    });
  }

  it('an action that throws, and one whose dependency is down: the ERROR lines carry correlationId, route and sellerId', async () => {
    const handler = await probeHandler();
    const seller = await mods.sellers.createTestSeller();
    for (const [path, status, message] of [
      ['/customers/probeCrash', 500, 'unhandled error'],
      ['/customers/probeDown', 503, 'request failed'],
    ] as const) {
      const id = `error-${randomUUID()}`;
      output.clear();
      const res = await callInProcess(handler, seller, 'GET', path, undefined, { 'x-correlation-id': id });
      expect(res.statusCode).toBe(status);
      const errors = logLines().filter((l) => l.level === 'ERROR');
      expect(errors.map((l) => l.message)).toEqual([message]);
      expect(errors[0]).toMatchObject({ correlationId: id, route: `GET /api${path}`, sellerId: seller.sellerId });
    }
    expectCleared();
  });

  it('every answer echoes x-correlation-id: 200, 400, 401, 403, 429, 500 and 503', async () => {
    const handler = await probeHandler();
    const seller = await mods.sellers.createTestSeller({ plan: 'starter' });
    const cases = [
      ['/customers/probeQuery?n=1', 200],
      ['/customers/probeQuery?n=x', 400],
      ['/customers/probeExecutive', 403],
      ['/customers/probeBusy', 429],
      ['/customers/probeCrash', 500],
      ['/customers/probeDown', 503],
    ] as const;
    for (const [path, status] of cases) {
      const id = `answer-${randomUUID()}`;
      const res = await callInProcess(handler, seller, 'GET', path, undefined, { 'x-correlation-id': id });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers?.['x-correlation-id'], path).toBe(id);
    }
    const id = `answer-${randomUUID()}`;
    const unsigned = await callInProcess(handler, { ...seller, idToken: 'not-a-token' }, 'GET', '/customers/probeQuery?n=1', undefined, { 'x-correlation-id': id });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.headers?.['x-correlation-id']).toBe(id);
  });
});

describe('a worker that handles its records side by side (parallel: true)', () => {
  it("each record's log lines carry that record's own correlation id, however their steps interleave", async () => {
    const { sqsWorker } = await import('../../functions/jobs/sqs-worker.js');
    const { logger } = mods.observability;
    const ids = ['first', 'second', 'third'].map((n) => `${n}-${randomUUID()}`);
    // Each record waits for the next one to start before it goes on, so every step of one runs between two of another.
    const started = ids.map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    });
    const worker = sqsWorker(
      z.object({ n: z.number() }),
      async ({ n }) => {
        logger.info('record started', { n });
        started[n]!.resolve();
        await started[(n + 1) % ids.length]!.promise;
        await new Promise((resolve) => setTimeout(resolve, (ids.length - n) * 5));
        logger.info('record done', { n });
      },
      { parallel: true },
    );
    const event = {
      Records: ids.map((id, n) => ({
        messageId: `m${n}`,
        receiptHandle: `m${n}`,
        body: JSON.stringify({ n }),
        attributes: { ApproximateReceiveCount: '1' },
        messageAttributes: { correlationId: { stringValue: id, dataType: 'String' } },
      })),
    } as unknown as SQSEvent;

    output.clear();
    expect((await worker(event)).batchItemFailures).toEqual([]);
    const lines = logLines().filter((l) => l.message === 'record started' || l.message === 'record done');
    expect(lines).toHaveLength(2 * ids.length);
    for (const line of lines) expect(line.correlationId, `${line.message} ${line.n}`).toBe(ids[line.n as number]);
    expectCleared();
  });
});
