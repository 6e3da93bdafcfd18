import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, DeleteQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { ordersOf, rawIntegrationItem } from './support.js';

/**
 * The resync's message and what the functions write to their logs, observed in this process: the platform-sync
 * queue is a probe queue of this file's own (the shared cloud's worker does not take its messages), and the worker
 * runs here on what that queue delivers. Configuration is read once at load, so the modules load after the setup.
 */
const sqs = new SQSClient({});
let probeUrl: string;
const logged: string[] = [];
let mods: {
  connect: typeof import('../../functions/integrations/connect.js');
  resync: typeof import('../../functions/integrations/resync.js');
  credentials: typeof import('../../functions/integrations/credentials.js');
  worker: typeof import('../../functions/jobs/platform-sync.js');
};

beforeAll(async () => {
  probeUrl = (await sqs.send(new CreateQueueCommand({ QueueName: `platform-sync-probe-${randomUUID().slice(0, 8)}` }))).QueueUrl!;
  process.env.QUEUE_URL_PLATFORM_SYNC = probeUrl;
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
  process.env.LOG_LEVEL = 'DEBUG';
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return write(chunk);
    });
  }
  mods = {
    connect: await import('../../functions/integrations/connect.js'),
    resync: await import('../../functions/integrations/resync.js'),
    credentials: await import('../../functions/integrations/credentials.js'),
    worker: await import('../../functions/jobs/platform-sync.js'),
  };
});

afterAll(async () => {
  vi.restoreAllMocks();
  await sqs.send(new DeleteQueueCommand({ QueueUrl: probeUrl }));
  sqs.destroy();
});

async function receiveAll() {
  const out = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: probeUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
  );
  return out.Messages ?? [];
}

describe('Sync now and the platform-sync queue', () => {
  it('puts exactly one message per sync (a second click while it waits puts none), which the worker runs', async () => {
    const seller = await createTestSeller();
    await mods.connect.connectPlatform(seller.sellerId, 'shopify', 'https://candles.myshopify.com');
    const first = await mods.resync.requestPlatformSync(seller.sellerId, 'shopify');
    const second = await mods.resync.requestPlatformSync(seller.sellerId, 'shopify');
    expect(first.alreadyRunning).toBe(false);
    expect(second).toMatchObject({ alreadyRunning: true, requestId: first.requestId, requestedAt: first.requestedAt });

    const messages = await receiveAll();
    expect(messages).toHaveLength(1);
    const body = JSON.parse(messages[0]!.Body!);
    expect(body).toEqual({ type: 'platform-sync.requested', sellerId: seller.sellerId, platform: 'shopify', requestId: first.requestId, requestedAt: first.requestedAt });

    const event = {
      Records: messages.map((m) => ({ messageId: m.MessageId, receiptHandle: m.ReceiptHandle, body: m.Body, attributes: m.Attributes, messageAttributes: {}, eventSource: 'aws:sqs' })),
    } as unknown as SQSEvent;
    expect((await mods.worker.handler(event)).batchItemFailures).toEqual([]);
    expect(await ordersOf(seller)).toHaveLength(5);
    const last = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: first.requestedAt } });
    expect(last.json).toMatchObject({ finished: true, ordersCreated: 5 });
  });
});

describe('platform credentials', () => {
  it('are stored sealed, never returned by a route, never logged', async () => {
    const seller = await createTestSeller();
    const answer = await mods.connect.connectPlatform(seller.sellerId, 'squarespace');
    const item = (await rawIntegrationItem(seller.sellerId, 'squarespace'))!;
    const { accessToken } = await mods.credentials.openCredentials(item.credentials as string, { sellerId: seller.sellerId, platform: 'squarespace' });
    expect(accessToken).toMatch(/^demo_.{20,}/);
    const token = accessToken!;

    // At rest: ciphertext only, and the token in no attribute of the item.
    expect(JSON.parse(item.credentials as string)).toEqual({ v: 1, kek: 'local', edk: expect.any(String), iv: expect.any(String), tag: expect.any(String), data: expect.any(String) });
    expect(JSON.stringify(item)).not.toContain(token);

    // Never in an answer: the connect answer, the status calls, the sync calls.
    const answers = [
      answer,
      await mods.resync.requestPlatformSync(seller.sellerId, 'squarespace'),
      (await seller.api('GET', '/squarespace/havesync')).json,
      (await seller.api('GET', '/integrations/list')).json,
      (await seller.api('GET', '/squarespace/settings')).json,
      (await seller.api('GET', '/upload/getLastSync')).json,
    ];
    for (const a of answers) {
      const text = JSON.stringify(a);
      expect(text).not.toContain(token);
      expect(text).not.toContain('credentials');
      expect(text).not.toContain(JSON.parse(item.credentials as string).data);
    }

    // Never logged, while the worker uses them to sync (at DEBUG, every line there is).
    const before = logged.length;
    const messages = await receiveAll();
    const event = {
      Records: messages.map((m) => ({ messageId: m.MessageId, receiptHandle: m.ReceiptHandle, body: m.Body, attributes: m.Attributes, messageAttributes: {}, eventSource: 'aws:sqs' })),
    } as unknown as SQSEvent;
    await mods.worker.handler(event);
    const output = logged.slice(before).join('');
    expect(output).toContain('platform sync delivery done');
    expect(output).not.toContain(token);
    expect(logged.join('')).not.toContain(token);
  });
});
