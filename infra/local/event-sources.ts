import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { S3Event, ScheduledEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDef } from '../definitions.js';
import type { ObjectCreated } from './aws-front.js';
import { type AnyHandler, lambdaContext } from './lambda.js';
import type { QueueInfo } from './resources.js';

export type Log = (message: string, err?: unknown) => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The SQS record Lambda's event source mapping hands a function. */
export function toSqsRecord(m: Message, queue: QueueInfo, region: string): SQSRecord {
  const messageAttributes: SQSRecord['messageAttributes'] = {};
  for (const [name, v] of Object.entries(m.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: v.DataType ?? 'String',
      stringValue: v.StringValue,
      binaryValue: v.BinaryValue ? Buffer.from(v.BinaryValue).toString('base64') : undefined,
      stringListValues: v.StringListValues ?? [],
      binaryListValues: (v.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
    };
  }
  const a = m.Attributes ?? {};
  return {
    messageId: m.MessageId ?? '',
    receiptHandle: m.ReceiptHandle ?? '',
    body: m.Body ?? '',
    attributes: {
      ...a,
      ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
      SentTimestamp: a.SentTimestamp ?? String(Date.now()),
      SenderId: a.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    } as SQSRecord['attributes'],
    messageAttributes,
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queue.arn,
    awsRegion: region,
  };
}

export interface PollerOptions {
  sqs: SQSClient;
  queue: QueueInfo;
  def: QueueDef;
  region: string;
  /** The worker: an override, or functions/jobs/<worker>.ts; undefined while the module does not exist. */
  resolveHandler: () => Promise<AnyHandler | undefined>;
  /** Visibility given to failed records so they come back in seconds (AWS: the queue's visibility timeout). */
  retryDelaySeconds: number;
  log: Log;
}

/**
 * Lambda's SQS event source mapping, locally: long-polls the queue with `concurrency` loops (Lambda's concurrent
 * executions), each handing batches of up to `batchSize` to the worker with a context whose remaining time follows
 * the worker's timeout, deletes what succeeded, and leaves the records in `batchItemFailures` (all of them when the worker
 * throws or names an unknown id) to be received again. The queue's own redrive policy moves a record to the DLQ
 * once it has been received MAX_RECEIVE_COUNT times.
 */
export class QueuePoller {
  private stopped = false;
  private paused = false;
  private abort = new AbortController();
  private loop: Promise<void> | undefined;
  private warnedMissing = false;
  /** Deletes and visibility changes of delivered batches still being sent (the loop does not wait for them). */
  private readonly finishing = new Set<Promise<void>>();

  constructor(private readonly o: PollerOptions) {}

  /** As many receive loops as the queue's concurrency: a long batch in one never holds up the others. */
  start(): void {
    this.loop ??= Promise.all(Array.from({ length: Math.max(1, this.o.def.concurrency) }, () => this.run())).then(() => undefined);
  }

  /** Stops receiving (in-flight batches finish); for tests that look at a queue's contents. */
  pause(): void {
    this.paused = true;
    this.abort.abort();
  }

  /** Resumes (or starts) polling. */
  resume(): void {
    this.paused = false;
    this.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop;
    await Promise.all([...this.finishing]);
  }

  private async run(): Promise<void> {
    const { queue, def, log } = this.o;
    while (!this.stopped) {
      if (this.paused) {
        await sleep(100);
        continue;
      }
      let handler: AnyHandler | undefined;
      try {
        handler = await this.o.resolveHandler();
      } catch (err) {
        log(`[${queue.name}] worker ${def.worker} failed to load`, err);
        await sleep(5000);
        continue;
      }
      if (!handler) {
        if (!this.warnedMissing) log(`[${queue.name}] functions/jobs/${def.worker}.ts not found; messages wait in the queue`);
        this.warnedMissing = true;
        await sleep(2000);
        continue;
      }
      if (this.abort.signal.aborted) this.abort = new AbortController();
      let messages: Message[];
      try {
        messages = await this.receive(def.batchSize, 1);
        // A batch above one receive's 10 (a batching window in AWS): what is waiting now joins it, without waiting out
        // the window for more.
        while (messages.length > 0 && messages.length < def.batchSize) {
          const more = await this.receive(def.batchSize - messages.length, 0);
          if (more.length === 0) break;
          messages.push(...more);
        }
      } catch (err) {
        if (this.stopped || this.paused) continue;
        log(`[${queue.name}] receive failed`, err);
        await sleep(1000);
        continue;
      }
      if (messages.length === 0) continue;
      await this.deliver(handler, messages);
    }
  }

  /** Up to `max` messages (SQS hands at most 10 a receive), long-polling `waitSeconds` for the first. */
  private async receive(max: number, waitSeconds: number): Promise<Message[]> {
    const res = await this.o.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: this.o.queue.url,
        MaxNumberOfMessages: Math.min(10, max),
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: this.abort.signal },
    );
    return res.Messages ?? [];
  }

  private async deliver(handler: AnyHandler, messages: Message[]): Promise<void> {
    const { sqs, queue, def, region, log } = this.o;
    const event: SQSEvent = { Records: messages.map((m) => toSqsRecord(m, queue, region)) };
    const ids = new Set(event.Records.map((r) => r.messageId));
    let failed: Set<string>;
    try {
      const result = (await handler(event, lambdaContext(def.worker, region, def.workerTimeoutSeconds))) as SQSBatchResponse | undefined;
      const reported = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      failed = new Set(reported);
      if (reported.some((id) => !id || !ids.has(id))) {
        log(`[${queue.name}] batchItemFailures names an unknown id; the whole batch fails (as in Lambda)`);
        failed = ids;
      }
    } catch (err) {
      log(`[${queue.name}] worker ${def.worker} threw; the whole batch will be retried`, err);
      failed = ids;
    }
    const done = messages.filter((m) => !failed.has(m.MessageId ?? ''));
    const retry = messages.filter((m) => failed.has(m.MessageId ?? ''));
    // SQS takes at most 10 entries a batch call; a delivery holds up to the queue's batch size. The loop receives its
    // next batch meanwhile, as Lambda's poller does: a worker is not kept idle by its last batch's deletes.
    const tens = (ms: Message[]) => Array.from({ length: Math.ceil(ms.length / 10) }, (_, i) => ms.slice(i * 10, i * 10 + 10));
    const finished: Promise<void> = Promise.all([
      ...tens(done).map((part) =>
        sqs
          .send(new DeleteMessageBatchCommand({ QueueUrl: queue.url, Entries: part.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })) }))
          .catch((err) => log(`[${queue.name}] delete failed`, err)),
      ),
      ...tens(retry).map((part) =>
        sqs
          .send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: queue.url,
              Entries: part.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: this.o.retryDelaySeconds })),
            }),
          )
          .catch((err) => log(`[${queue.name}] change visibility failed`, err)),
      ),
    ]).then(() => {
      this.finishing.delete(finished);
    });
    this.finishing.add(finished);
  }
}

/** S3 writes a key into an event URL-encoded, form style: spaces as '+', '/' kept. */
export function s3EventKey(key: string): string {
  return encodeURIComponent(key)
    .replace(/%2F/g, '/')
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * S3 -> SQS event notification, locally: for objects created in `bucket` under `prefix`, sends S3's own event
 * envelope to the queue, as a bucket notification configured with an SQS destination does.
 */
export function s3Notifier(o: {
  s3: S3Client;
  sqs: SQSClient;
  bucket: string;
  prefix: string;
  queueUrl: string;
  region: string;
  log: Log;
}): { onObjectCreated(e: ObjectCreated): void; idle(): Promise<void> } {
  let counter = 0;
  const pending = new Set<Promise<void>>();
  const send = async (e: ObjectCreated) => {
    const head = await o.s3.send(new HeadObjectCommand({ Bucket: e.bucket, Key: e.key })).catch(() => undefined);
    if (!head) return; // e.g. a CompleteMultipartUpload that answered 200 with an error body
    const now = new Date();
    const sequencer = (BigInt(now.getTime()) * 1000n + BigInt(counter++ % 1000)).toString(16).toUpperCase().padStart(18, '0');
    const event: S3Event = {
      Records: [
        {
          eventVersion: '2.1',
          eventSource: 'aws:s3',
          awsRegion: o.region,
          eventTime: now.toISOString(),
          eventName: e.eventName,
          userIdentity: { principalId: 'AWS:LOCAL' },
          requestParameters: { sourceIPAddress: e.sourceIp },
          responseElements: { 'x-amz-request-id': e.requestId, 'x-amz-id-2': randomUUID() },
          s3: {
            s3SchemaVersion: '1.0',
            configurationId: 'uploads-to-csv-jobs',
            bucket: { name: e.bucket, ownerIdentity: { principalId: 'LOCAL' }, arn: `arn:aws:s3:::${e.bucket}` },
            object: {
              key: s3EventKey(e.key),
              size: head.ContentLength ?? 0,
              eTag: (head.ETag ?? '').replace(/"/g, ''),
              sequencer,
            },
          },
        },
      ],
    };
    await o.sqs.send(new SendMessageCommand({ QueueUrl: o.queueUrl, MessageBody: JSON.stringify(event) }));
  };
  return {
    onObjectCreated(e) {
      if (e.bucket !== o.bucket || !e.key.startsWith(o.prefix)) return;
      const p = send(e)
        .catch((err) => o.log(`S3 event for ${e.key} not sent`, err))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}

/** The EventBridge Scheduled Event a schedule target receives. */
export function scheduledEvent(ruleName: string, region: string): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}
