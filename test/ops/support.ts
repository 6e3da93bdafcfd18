import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, DeleteQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { S3Event, SQSEvent } from 'aws-lambda';
import { vi } from 'vitest';
import { s3EventKey, toSqsRecord } from '../../infra/local/event-sources.js';

/**
 * What the functions of this process write: Powertools' JSON log lines and EMF metrics go to stdout (the logger's
 * warnings and errors to stderr), line by line. Started before the functions' modules load, undone by
 * vi.restoreAllMocks().
 */
export function captureOutput() {
  const written: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return write(chunk);
    });
  }
  const lines = () => written.join('').split('\n').filter(Boolean);
  return {
    /** Forgets what was written so far: a test reads only what its own step wrote. */
    clear: () => void written.splice(0),
    lines,
    /** The lines that are JSON objects (log lines and EMF documents), parsed. */
    json: (): Record<string, unknown>[] =>
      lines().flatMap((l) => {
        try {
          const v: unknown = JSON.parse(l);
          return typeof v === 'object' && v !== null ? [v as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      }),
  };
}

/** An EMF document's metrics, by name, with the dimension sets it declares. */
export interface Emitted {
  values: Record<string, unknown>;
  dimensions: string[][];
  namespace: string;
}

/** The EMF documents among JSON lines (Powertools Metrics writes one per publish). */
export function emfOf(lines: Record<string, unknown>[]): Emitted[] {
  return lines.flatMap((line) => {
    const aws = line._aws as { CloudWatchMetrics?: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] } | undefined;
    const directive = aws?.CloudWatchMetrics?.[0];
    if (!directive) return [];
    const values = Object.fromEntries(directive.Metrics.map((m) => [m.Name, line[m.Name]]));
    for (const d of directive.Dimensions.flat()) values[d] = line[d];
    return [{ values, dimensions: directive.Dimensions, namespace: directive.Namespace }];
  });
}

/**
 * A queue of the test's own in the shared local cloud: a worker of the cloud does not take its messages, so the
 * test reads them and hands them to the worker in its own process, as Lambda's event source would.
 */
export async function probeQueue(name: string) {
  const sqs = new SQSClient({});
  const queueName = `${name}-probe-${randomUUID().slice(0, 8)}`;
  const url = (await sqs.send(new CreateQueueCommand({ QueueName: queueName }))).QueueUrl!;
  const info = { name: queueName, url, arn: `arn:aws:sqs:us-east-1:000000000000:${queueName}`, dlqName: '', dlqUrl: '', dlqArn: '' };
  return {
    url,
    /** Every message waiting, as the SQS event Lambda would hand the worker (attributes included). */
    async event(): Promise<SQSEvent> {
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
      );
      return { Records: (out.Messages ?? []).map((m) => toSqsRecord(m, info, 'us-east-1')) };
    },
    async delete() {
      await sqs.send(new DeleteQueueCommand({ QueueUrl: url }));
      sqs.destroy();
    },
  };
}

/** S3's ObjectCreated notification of one object, as the csv-jobs queue carries it (its body). */
export function objectCreated(bucket: string, key: string): S3Event {
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'local',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: { key: s3EventKey(key), size: 0, eTag: 'local', sequencer: '0' },
        },
      },
    ],
  };
}

/** One record of an SQS event for a body the test built (S3's events), on its `receiveCount`th receive. */
export function sqsEventOf(body: unknown, receiveCount = 1): SQSEvent {
  const info = { name: 'csv-jobs', url: '', arn: 'arn:aws:sqs:us-east-1:000000000000:csv-jobs', dlqName: '', dlqUrl: '', dlqArn: '' };
  const record = toSqsRecord({ MessageId: randomUUID(), Body: JSON.stringify(body), Attributes: { ApproximateReceiveCount: String(receiveCount) } }, info, 'us-east-1');
  return { Records: [record] };
}

/**
 * The probe set-up of the ops tests: queues of their own for platform-sync and label-batches, an upload prefix the
 * shared cloud's worker does not take, `env` on top; then the modules, loaded after those settings because
 * configuration, the logger and the metrics sink read them when they load. `cleanup` deletes the queues.
 */
export async function probeCloud(env: Record<string, string>) {
  const queues = {
    platformSync: await probeQueue('platform-sync'),
    labelBatches: await probeQueue('label-batches'),
    jobWatchdog: await probeQueue('job-watchdog'),
  };
  Object.assign(process.env, {
    QUEUE_URL_PLATFORM_SYNC: queues.platformSync.url,
    QUEUE_URL_LABEL_BATCHES: queues.labelBatches.url,
    QUEUE_URL_JOB_WATCHDOG: queues.jobWatchdog.url,
    UPLOAD_PREFIX: `probe-uploads-${randomUUID().slice(0, 8)}/`,
    ...env,
  });
  const mods = {
    sellers: await import('../support/sellers.js'),
    shipping: await import('../shipping/support.js'),
    uploads: await import('../imports/upload-support.js'),
    fixtures: await import('../imports/fixtures.js'),
    orders: await import('../../functions/data/orders.js'),
    csvJobs: await import('../../functions/data/csv-jobs.js'),
    csvUpload: await import('../../functions/imports/csv-upload.js'),
    connect: await import('../../functions/integrations/connect.js'),
    s3: await import('../../functions/adapters/s3.js'),
    observability: await import('../../functions/observability.js'),
    http: {
      integrations: await import('../../functions/http/integrations.js'),
      shipping: await import('../../functions/http/shipping.js'),
      upload: await import('../../functions/http/upload.js'),
    },
    workers: {
      platformSync: await import('../../functions/jobs/platform-sync.js'),
      labelBatch: await import('../../functions/jobs/label-batch.js'),
      csvSync: await import('../../functions/jobs/csv-sync.js'),
      watchdog: await import('../../functions/jobs/watchdog.js'),
    },
  };
  return {
    queues,
    mods,
    async cleanup() {
      vi.restoreAllMocks();
      await queues.platformSync.delete();
      await queues.labelBatches.delete();
      await queues.jobWatchdog.delete();
    },
  };
}

/** An order of `sellerId` with a deliverable ship-to, written straight to the table (number `orderNumber`). */
export async function shippableOrder(sellerId: string, orderNumber: string): Promise<string> {
  const { createOrder } = await import('../../functions/data/orders.js');
  const shipTo = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
  return createOrder(sellerId, {
    orderNumber,
    customerId: 'c1',
    customerName: shipTo.name,
    orderDate: new Date().toISOString(),
    items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
    subtotal: 10,
    total: 10,
    shipTo,
  });
}
