import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EPHEMERAL_PORTS, type LocalCloud, startLocalCloud } from '../../infra/local/cloud.js';
import { lambdaContext } from '../../infra/local/lambda.js';
import { until as untilAnswered } from '../support/until.js';

/**
 * How the csv-sync worker copes with what SQS and S3 really do: events and messages delivered again, a worker that
 * dies half way through a file, a file that fails every try. This file runs a local cloud of its own whose csv-jobs
 * poller runs the real worker in this process, so a DynamoDB fault injected here (test/support/ddb-faults.ts) is a
 * fault of the worker, and each delivery it gets is observable.
 */

interface Delivery {
  body: string;
  receiveCount: number;
  failed: boolean;
  ms: number;
}
const deliveries: Delivery[] = [];
let cloud: LocalCloud;
/** Set by a test: the poller stops after a failed delivery, so the state a crash left can be looked at. */
let pauseOnFailure = false;
/** Set by a test: the worker's timeout, in place of csv-sync's own (the remaining time of its Lambda context). */
let workerTimeoutSeconds: number | undefined;
/**
 * Set with the timeout: each look at the remaining time also spends this many ms, as on a machine slower than this
 * one, so a file outlasts one delivery however fast this machine imports it (real time still counts as well).
 */
let msPerLook = 0;

/** A Lambda context of `seconds` whose clock also advances `msPerLook` each time the worker looks at it. */
function slowedContext(name: string, region: string, seconds: number): Context {
  const context = lambdaContext(name, region, seconds);
  let spent = 0;
  return {
    ...context,
    getRemainingTimeInMillis: () => {
      spent += msPerLook;
      return Math.max(0, context.getRemainingTimeInMillis() - spent);
    },
  };
}

// Loaded once the cloud's environment is in place: the SDK clients and config are read at module load.
let mod: {
  sellers: typeof import('../support/sellers.js');
  faults: typeof import('../support/ddb-faults.js');
  support: typeof import('./upload-support.js');
  entities: typeof import('../../functions/data/entities.js');
  profiles: typeof import('../../functions/data/sellers.js');
  s3: typeof import('../../functions/adapters/s3.js');
  sqs: typeof import('../../functions/adapters/sqs.js');
  s3Commands: typeof import('@aws-sdk/client-s3');
  worker: typeof import('../../functions/jobs/csv-sync.js');
};

beforeAll(async () => {
  cloud = await startLocalCloud({
    ports: EPHEMERAL_PORTS,
    serveWeb: false,
    seedDemo: false,
    pollers: ['csv-jobs'],
    log: () => undefined,
    workers: {
      'csv-jobs': async (event: SQSEvent, context: Context) => {
        const started = Date.now();
        const result = await mod.worker.handler(
          event,
          workerTimeoutSeconds === undefined ? context : slowedContext(context.functionName, cloud.endpoints.region, workerTimeoutSeconds),
        );
        const ms = Date.now() - started;
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        for (const r of event.Records) {
          deliveries.push({ body: r.body, receiveCount: Number(r.attributes.ApproximateReceiveCount), failed: failed.has(r.messageId), ms });
        }
        if (pauseOnFailure && failed.size > 0) cloud.pausePoller('csv-jobs');
        return result;
      },
    },
  });
  Object.assign(process.env, {
    TEST_API_URL: cloud.endpoints.apiUrl,
    TEST_COGNITO_ENDPOINT: cloud.endpoints.cognito.endpoint,
    TEST_USER_POOL_ID: cloud.endpoints.cognito.userPoolId,
    TEST_CLIENT_ID: cloud.endpoints.cognito.clientId,
  });
  mod = {
    sellers: await import('../support/sellers.js'),
    faults: await import('../support/ddb-faults.js'),
    support: await import('./upload-support.js'),
    entities: await import('../../functions/data/entities.js'),
    profiles: await import('../../functions/data/sellers.js'),
    s3: await import('../../functions/adapters/s3.js'),
    sqs: await import('../../functions/adapters/sqs.js'),
    s3Commands: await import('@aws-sdk/client-s3'),
    worker: await import('../../functions/jobs/csv-sync.js'),
  };
});

afterEach(() => mod?.faults.restoreFaults());

afterAll(async () => {
  await cloud?.stop();
});

const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000) =>
  untilAnswered(what, probe, { timeoutMs, intervalMs: 100 });

const HEADER =
  'Order Number,Order Date,Status,First Name,Last Name,Email,Phone,Company,Address 1,Address 2,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price,Shipping,Tax,Total';
/** A template file of `n` orders of one or two items each (rows of one order are consecutive), by `buyers` buyers. */
function ordersFile(n: number, prefix: string, buyers = n): string {
  const lines = [HEADER];
  for (let i = 1; i <= n; i++) {
    const id = `${prefix}-${i}`;
    const buyer = `${prefix}-${((i - 1) % buyers) + 1}`;
    lines.push(`${id},2024-05-01,unshipped,Buyer,${buyer},${buyer.toLowerCase()}@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-A,Soy Candle,1,10.00,2.00,0,`);
    if (i % 2 === 0) lines.push(`${id},,,,,,,,,,,,,,SKU-B,Wick Trimmer,2,4.50,,,`);
  }
  return lines.join('\n');
}

const deliveriesOf = (jobId: string) => deliveries.filter((d) => d.body.includes(jobId));

async function snapshot(sellerId: string, jobId: string) {
  const { data: orders } = await mod.entities.orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  const profile = await mod.profiles.getSellerProfile(sellerId);
  const { data: job } = await mod.entities.csvJobEntity().get({ sellerId, jobId }).go({ consistent: true });
  return {
    orders: orders.map((o) => `${o.orderNumber}:${o.total}:${o.updatedAt}`).sort(),
    orderCount: profile?.orderCount,
    customerCount: profile?.customerCount,
    job,
  };
}

/**
 * Fails a seller's writes of an import part's effects (the part's checkpoint, the order count, the customers' totals,
 * in one transaction after the part's orders are put) for which `when()` says so.
 */
function failOrderWrites(sellerId: string, when: () => boolean) {
  mod.faults.faults((name, input) => {
    const text = JSON.stringify(input);
    return name === 'TransactWriteCommand' && text.includes(sellerId) && text.includes('orderCount') && when();
  });
}

describe('csv-sync worker deliveries', () => {
  it('a redelivered S3 event and a redelivered SQS message change nothing', { timeout: 90_000 }, async () => {
    const seller = await mod.sellers.createTestSeller();
    const { job } = await mod.support.upload(seller, '/upload/csvSync', 'may.csv', ordersFile(30, 'R'));
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 30 });
    const jobId = job?.id ?? '';
    await until('the first delivery to be recorded', () => (deliveriesOf(jobId).length === 1 ? true : undefined));
    const before = await snapshot(seller.sellerId, jobId);
    expect(before).toMatchObject({ orderCount: 30, customerCount: 30 });

    // S3 sends its event again (at-least-once delivery): here, the same object written again.
    const { PutObjectCommand, GetObjectCommand } = mod.s3Commands;
    const key = `uploads/${seller.sellerId}/${jobId}.csv`;
    const stored = await mod.s3.s3.send(new GetObjectCommand({ Bucket: cloud.resources.bucket, Key: key }));
    const bytes = await stored.Body?.transformToByteArray();
    await mod.s3.s3.send(new PutObjectCommand({ Bucket: cloud.resources.bucket, Key: key, Body: bytes }));
    await until('the second S3 event', () => (deliveriesOf(jobId).length === 2 ? true : undefined));

    // SQS hands the worker the very same message again.
    const first = deliveriesOf(jobId)[0] as Delivery;
    await mod.sqs.sqs.send(new SendMessageCommand({ QueueUrl: cloud.resources.queues.csvJobs.url, MessageBody: first.body }));
    await until('the repeated message', () => (deliveriesOf(jobId).length === 3 ? true : undefined));

    expect(deliveriesOf(jobId).map((d) => d.failed)).toEqual([false, false, false]);
    expect(await snapshot(seller.sellerId, jobId)).toEqual(before);
  });

  it('a worker crashing half way gets the message again and finishes the job: exact counts, no duplicates', { timeout: 90_000 }, async () => {
    const seller = await mod.sellers.createTestSeller();
    let writes = 0;
    // 80 orders are one batch of two parts (48 and 32 orders, IMPORT_BATCH): every order is put, the first part's
    // effects are written, the second's fail: the first delivery dies half way.
    failOrderWrites(seller.sellerId, () => ++writes === 2);
    pauseOnFailure = true;
    const res = await seller.api('POST', '/upload/csvSync', { body: mod.support.csvForm('june.csv', ordersFile(80, 'C')) });
    expect(res.status).toBe(200);
    const jobId: string = res.json.ids[0];
    await until('the crash', () => (deliveriesOf(jobId).length === 1 ? true : undefined));
    const crashed = await snapshot(seller.sellerId, jobId);
    expect(crashed.orders).toHaveLength(80);
    // Only the first part is counted; the job saves its progress per batch, so none of it shows yet.
    expect(crashed).toMatchObject({ orderCount: 48, job: { status: 'syncing', ordersCreated: 0 } });
    pauseOnFailure = false;
    cloud.resumePoller('csv-jobs');
    const [job] = await mod.support.finished(seller, [jobId]);
    // The delivery that completes the job marks it complete before its own record is written.
    await until('the second delivery to be recorded', () => (deliveriesOf(jobId).length >= 2 ? true : undefined));

    expect(deliveriesOf(jobId).map((d) => [d.receiveCount, d.failed])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 80, ordersUpdated: 0, rowsDone: 120, rowsTotal: 120, errors: [] });
    const after = await snapshot(seller.sellerId, jobId);
    expect(after.orders).toHaveLength(80);
    expect(new Set(after.orders.map((o) => o.split(':')[0])).size).toBe(80);
    expect(after).toMatchObject({ orderCount: 80, customerCount: 80 });
  });

  it('a message that fails 5 times lands in the DLQ and the job shows failed; redriven, it completes the job', { timeout: 90_000 }, async () => {
    const seller = await mod.sellers.createTestSeller();
    let broken = true;
    failOrderWrites(seller.sellerId, () => broken);
    const text = ordersFile(10, 'D');
    const res = await seller.api('POST', '/upload/csvSync', { body: mod.support.csvForm('july.csv', text) });
    const jobId: string = res.json.ids[0];
    const [job] = await mod.support.finished(seller, [jobId]);
    expect(job).toMatchObject({ id: jobId, status: 'failed', failureReason: 'The file could not be imported. Please try again later.' });
    // The last try marks the job failed before its own delivery ends and is recorded: wait for that record.
    await until('the fifth delivery recorded', () => (deliveriesOf(jobId).length >= 5 ? true : undefined));
    expect(deliveriesOf(jobId).map((d) => [d.receiveCount, d.failed])).toEqual([1, 2, 3, 4, 5].map((n) => [n, true]));

    const dlq = cloud.resources.queues.csvJobs.dlqUrl;
    const dead = await until('the message in the DLQ', async () => {
      const r = await mod.sqs.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      return r.Messages?.find((m) => m.Body?.includes(jobId));
    });
    expect(dead.Body).toBe(deliveriesOf(jobId)[0]?.body);
    // The orders were put before their part's effects failed: they are there, uncounted, until a delivery counts them.
    const failed = await snapshot(seller.sellerId, jobId);
    expect(failed.orders).toHaveLength(10);
    expect(failed.orderCount ?? 0).toBe(0);

    // The cause is fixed and the DLQ redriven (as the runbook says): the job is taken up again and completes.
    broken = false;
    await mod.sqs.sqs.send(new SendMessageCommand({ QueueUrl: cloud.resources.queues.csvJobs.url, MessageBody: dead.Body }));
    await mod.sqs.sqs.send(new DeleteMessageCommand({ QueueUrl: dlq, ReceiptHandle: dead.ReceiptHandle }));
    await until('the redriven message', () => (deliveriesOf(jobId).length === 6 ? true : undefined));
    const [redriven] = await mod.support.finished(seller, [jobId]);
    expect(redriven).toMatchObject({ status: 'complete', ordersCreated: 10, rowsDone: 15, errors: [] });
    expect(redriven?.failureReason).toBeUndefined();
    expect(await snapshot(seller.sellerId, jobId)).toMatchObject({ orderCount: 10 });
  });

  it('a file too long for one invocation is checkpointed before the timeout and continued by new messages, none failed', { timeout: 240_000 }, async () => {
    const seller = await mod.sellers.createTestSeller();
    // 2,000 orders in 3,000 rows take several times a 6 s timeout: the worker must stop in time, again and again.
    // A batch (96 orders of ten regular buyers) is well within the third of the time kept. The worker looks at the
    // clock once a row; at 5 ms a look, a delivery ends after at most 800 rows, whatever the speed of this machine.
    workerTimeoutSeconds = 6;
    msPerLook = 5;
    try {
      const res = await seller.api('POST', '/upload/csvSync', { body: mod.support.csvForm('long.csv', ordersFile(2000, 'L', 10)) });
      expect(res.status).toBe(200);
      const jobId: string = res.json.ids[0];
      const job = await until(
        'the long job to complete',
        async () => {
          const r = await seller.api('GET', '/upload/csvSyncStatus', { query: { ids: jobId } });
          return r.json.allDone ? r.json.jobs[0] : undefined;
        },
        200_000,
      );
      expect(job).toMatchObject({ status: 'complete', ordersCreated: 2000, ordersUpdated: 0, rowsDone: 3000, rowsTotal: 3000, errors: [] });
      const mine = deliveriesOf(jobId);
      expect(mine.length).toBeGreaterThanOrEqual(4);
      // Each delivery ended before its timeout, none failed, and each continuation is a new message (its first
      // receive), so running long never spends a try toward the DLQ.
      for (const d of mine) expect(d).toMatchObject({ failed: false, receiveCount: 1 });
      expect(Math.max(...mine.map((d) => d.ms)), `deliveries took ${mine.map((d) => d.ms).join(', ')} ms`).toBeLessThan(6_000);
      const after = await snapshot(seller.sellerId, jobId);
      expect(after.orders).toHaveLength(2000);
      expect(after).toMatchObject({ orderCount: 2000, customerCount: 10 });
    } finally {
      workerTimeoutSeconds = undefined;
      msPerLook = 0;
    }
  });
});
