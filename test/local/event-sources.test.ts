import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { S3Event, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT, QUEUES, UPLOADS } from '../../infra/definitions.js';
import { EPHEMERAL_PORTS, type LocalCloud, startLocalCloud } from '../../infra/local/cloud.js';
import { until as untilAnswered } from '../support/until.js';

/**
 * Lambda event sources, locally: a cloud of its own whose csv-jobs and platform-sync workers are test doubles,
 * so what the pollers hand a worker (and what they do with its answer) is observable.
 */
const csvEvents: SQSEvent[] = [];
const syncDeliveries: { body: string; receiveCount: number; batch: number }[] = [];
let syncBatches = 0;
let throwOnce = true;
/** csv-jobs messages of the concurrency test: when each began and ended, and the remaining time it was given. */
const timed: { body: string; start: number; end?: number; remainingMs: number }[] = [];
let releaseSlow: () => void = () => undefined;
const slowReleased = new Promise<void>((resolve) => {
  releaseSlow = resolve;
});

let cloud: LocalCloud;
let sqs: SQSClient;
let s3: S3Client;

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 25_000) =>
  untilAnswered(what, probe, { timeoutMs, intervalMs: 200 });

const count = async (url: string, attr: 'ApproximateNumberOfMessages' | 'ApproximateNumberOfMessagesNotVisible') =>
  Number((await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: [attr] }))).Attributes?.[attr]);

/** Nothing waiting and nothing in flight: every message sent so far has reached the worker and been deleted. */
const drained = async (url: string) =>
  (await count(url, 'ApproximateNumberOfMessages')) === 0 && (await count(url, 'ApproximateNumberOfMessagesNotVisible')) === 0;

beforeAll(async () => {
  cloud = await startLocalCloud({
    ports: EPHEMERAL_PORTS,
    serveWeb: false,
    seedDemo: false,
    setProcessEnv: false,
    pollers: ['csv-jobs', 'platform-sync'],
    log: () => undefined,
    workers: {
      'csv-jobs': async (event, context) => {
        const body = event.Records[0]?.body ?? '';
        if (body.startsWith('seller-')) {
          // One seller's long import holds its execution until released; another seller's small one must not wait.
          const t: (typeof timed)[number] = { body, start: Date.now(), remainingMs: context.getRemainingTimeInMillis() };
          timed.push(t);
          if (body === 'seller-a-9mb') await slowReleased;
          t.end = Date.now();
          return { batchItemFailures: [] };
        }
        csvEvents.push(event);
        return { batchItemFailures: [] };
      },
      'platform-sync': async (event) => {
        const batch = syncBatches++;
        for (const r of event.Records) {
          syncDeliveries.push({ body: r.body, receiveCount: Number(r.attributes.ApproximateReceiveCount), batch });
        }
        if (event.Records.some((r) => r.body === 'throw') && throwOnce) {
          throwOnce = false;
          throw new Error('worker crashed');
        }
        return { batchItemFailures: event.Records.filter((r) => r.body.startsWith('poison')).map((r) => ({ itemIdentifier: r.messageId })) };
      },
    },
  });
  sqs = new SQSClient({ region: cloud.endpoints.region, endpoint: cloud.endpoints.sqs, credentials });
  s3 = new S3Client({ region: cloud.endpoints.region, endpoint: cloud.endpoints.s3, credentials, forcePathStyle: true });
});

afterAll(async () => {
  await cloud?.stop();
});

describe('S3 ObjectCreated -> csv-jobs', () => {
  it('sends one S3 event envelope per object created under uploads/, none for other keys', async () => {
    const key = `${UPLOADS.prefix}seller-1/job 1 (copy).csv`;
    const put = await s3.send(new PutObjectCommand({ Bucket: UPLOADS.bucket, Key: key, Body: 'email,name\na@b.c,A\n' }));
    await s3.send(new PutObjectCommand({ Bucket: UPLOADS.bucket, Key: 'exports/x.csv', Body: 'not an upload' }));

    // The local cloud notes an object creation before it answers the put, so once its notifier is idle every event
    // of both puts is in the queue, and once the queue is drained the worker has had them all: the count is final.
    await cloud.s3EventsIdle();
    const csvJobs = cloud.resources.queues.csvJobs.url;
    await until('the csv-jobs worker to take every event', async () => (csvEvents.length > 0 && (await drained(csvJobs)) ? true : undefined));
    const event = csvEvents[0]!;
    expect(csvEvents).toHaveLength(1);
    expect(event.Records).toHaveLength(1);
    const record = event.Records[0] as SQSRecord;
    expect(record.eventSource).toBe('aws:sqs');
    expect(record.eventSourceARN).toBe(cloud.resources.queues.csvJobs.arn);
    expect(record.attributes.ApproximateReceiveCount).toBe('1');

    const s3Event = JSON.parse(record.body) as S3Event;
    expect(s3Event.Records).toHaveLength(1);
    const n = s3Event.Records[0]!;
    expect(n).toMatchObject({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: cloud.endpoints.region,
      eventName: 'ObjectCreated:Put',
      s3: {
        bucket: { name: UPLOADS.bucket, arn: `arn:aws:s3:::${UPLOADS.bucket}` },
        object: { key: 'uploads/seller-1/job+1+%28copy%29.csv', size: 19, eTag: put.ETag?.replace(/"/g, '') },
      },
    });
    expect(n.s3.object.sequencer).toMatch(/^[0-9A-F]+$/);
    expect(decodeURIComponent(n.s3.object.key.replace(/\+/g, ' '))).toBe(key);
  });
});

describe('queue pollers (Lambda event source mapping)', () => {
  it('deletes the records that succeeded and retries a failed one until the DLQ takes it after 5 receives', async () => {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: cloud.resources.queues.platformSync.url,
        Entries: ['ok-1', 'poison-1', 'ok-2'].map((body, i) => ({ Id: String(i), MessageBody: body })),
      }),
    );
    const dlqUrl = cloud.resources.queues.platformSync.dlqUrl;
    await until('the DLQ to hold the poison record', async () => ((await count(dlqUrl, 'ApproximateNumberOfMessages')) === 1 ? true : undefined));

    const poison = syncDeliveries.filter((d) => d.body === 'poison-1');
    expect(poison.map((d) => d.receiveCount)).toEqual(Array.from({ length: MAX_RECEIVE_COUNT }, (_, i) => i + 1));
    expect(syncDeliveries.filter((d) => d.body === 'ok-1')).toHaveLength(1);
    expect(syncDeliveries.filter((d) => d.body === 'ok-2')).toHaveLength(1);

    const main = cloud.resources.queues.platformSync.url;
    expect(await count(main, 'ApproximateNumberOfMessages')).toBe(0);
    expect(await count(main, 'ApproximateNumberOfMessagesNotVisible')).toBe(0);
    const inDlq = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    expect(inDlq.Messages?.map((m) => m.Body)).toEqual(['poison-1']);
  });

  it('retries the whole batch when the worker throws', async () => {
    const before = syncDeliveries.length;
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: cloud.resources.queues.platformSync.url,
        Entries: ['throw', 'with-it'].map((body, i) => ({ Id: String(i), MessageBody: body })),
      }),
    );
    // Drained after the second delivery: both records were deleted, so no third delivery can come.
    const main = cloud.resources.queues.platformSync.url;
    await until('the batch to be delivered twice and deleted', async () =>
      syncDeliveries.slice(before).filter((d) => d.body === 'with-it').length >= 2 && (await drained(main)) ? true : undefined,
    );
    const mine = syncDeliveries.slice(before);
    expect(mine.filter((d) => d.body === 'with-it').map((d) => d.receiveCount)).toEqual([1, 2]);
    expect(mine.filter((d) => d.body === 'throw').map((d) => d.receiveCount)).toEqual([1, 2]);
  });
});

describe('concurrent executions', () => {
  it("runs another seller's small job while one seller's long job is in flight, with the worker's timeout as remaining time", async () => {
    const url = cloud.resources.queues.csvJobs.url;
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: '0', MessageBody: 'seller-a-9mb' }] }));
    await until('the long job to start', () => (timed.some((t) => t.body === 'seller-a-9mb') ? true : undefined));
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: '0', MessageBody: 'seller-b-small' }] }));
    const small = await until('the small job to finish', () => timed.find((t) => t.body === 'seller-b-small' && t.end !== undefined));
    const slow = timed.find((t) => t.body === 'seller-a-9mb');
    expect(slow?.end).toBeUndefined();
    releaseSlow();
    await until('the long job to finish', () => (slow?.end !== undefined && slow.end >= (small.end ?? 0) ? true : undefined));
    // Lambda's context: the remaining time starts at the worker's timeout (infra/definitions.ts).
    for (const t of timed) {
      expect(t.remainingMs).toBeGreaterThan(QUEUES.csvJobs.workerTimeoutSeconds * 1000 - 5_000);
      expect(t.remainingMs).toBeLessThanOrEqual(QUEUES.csvJobs.workerTimeoutSeconds * 1000);
    }
  });
});

describe('schedule (EventBridge)', () => {
  it('invokes the reward-reminder job with a Scheduled Event on demand', async () => {
    await expect(cloud.runSchedule('rewardReminder')).resolves.toBeUndefined();
  });
});
