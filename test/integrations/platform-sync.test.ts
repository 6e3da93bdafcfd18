import { GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DEMO_ORDERS_PER_SYNC, DEMO_PAGE_SIZE, DEMO_TEST_KEYS } from '../../functions/adapters/platforms/demo.js';
import { getIntegration, getSync, recordPage, requestSync, startSync } from '../../functions/data/integrations.js';
import { handler } from '../../functions/jobs/platform-sync.js';
import { dlqName, MAX_RECEIVE_COUNT, QUEUES } from '../../infra/definitions.js';
import type { Platform } from '../../shared/domain/platforms.js';
import { createTestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';
import { connectWith, ordersOf, rawIntegrationItem, syncNow } from './support.js';

/** One SQS record as Lambda hands it to the worker, `receiveCount` being SQS's ApproximateReceiveCount. */
function delivery(body: unknown, receiveCount = 2): SQSEvent {
  return {
    Records: [
      {
        messageId: `redelivered-${Math.random()}`,
        receiptHandle: 'r',
        body: JSON.stringify(body),
        attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:platform-sync',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

const messageOf = (sync: { sellerId: string; platform: Platform; requestId: string; requestedAt: string }) => ({
  type: 'platform-sync.requested',
  sellerId: sync.sellerId,
  platform: sync.platform,
  requestId: sync.requestId,
  requestedAt: sync.requestedAt,
});

// The first sync of a run also loads the worker (cold start); retries wait for SQS's redelivery.
describe('platform-sync worker (demo connector, real queue)', { timeout: 90_000 }, () => {
  it('a redelivered message changes nothing', async () => {
    const seller = await createTestSeller();
    await seller.api('POST', '/integrations/connect', { body: { platform: 'etsy' } });
    const { sync } = await syncNow(seller, 'etsy');
    expect(sync.ordersCreated).toBe(DEMO_ORDERS_PER_SYNC);
    const orders = await ordersOf(seller);
    const item = await rawIntegrationItem(seller.sellerId, 'etsy');
    const record = await getSync({ sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt });

    const answer = await handler(delivery(messageOf({ ...sync, sellerId: seller.sellerId })));
    expect(answer.batchItemFailures).toEqual([]);
    expect(await ordersOf(seller)).toEqual(orders);
    expect(await rawIntegrationItem(seller.sellerId, 'etsy')).toEqual(item);
    expect(await getSync({ sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt })).toEqual(record);
  });

  it('a sync cut off after a written page resumes at the next page: every order once', async () => {
    const seller = await createTestSeller();
    await connectWith(seller.sellerId, 'wix', { accessToken: 'demo-token' });
    const integration = (await getIntegration(seller.sellerId, 'wix'))!;
    // As a delivery that wrote the first page and then died would leave it (without a message: the worker is ours).
    const { sync } = await requestSync(integration);
    const key = { sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt };
    await startSync(key, { fetchStartedAt: new Date().toISOString() });
    await recordPage(key, undefined, String(DEMO_PAGE_SIZE), { created: 0, updated: 0, customersCreated: 0 });

    const answer = await handler(delivery(messageOf({ ...key, platform: 'wix' })));
    expect(answer.batchItemFailures).toEqual([]);
    const done = (await getSync(key))!;
    expect(done).toMatchObject({ status: 'succeeded', fetched: true, ordersCreated: DEMO_ORDERS_PER_SYNC - DEMO_PAGE_SIZE });
    expect(done.pages).toBe(Math.ceil(DEMO_ORDERS_PER_SYNC / DEMO_PAGE_SIZE));
    expect(await ordersOf(seller)).toHaveLength(DEMO_ORDERS_PER_SYNC - DEMO_PAGE_SIZE);
    const after = (await getIntegration(seller.sellerId, 'wix'))!;
    expect(after).toMatchObject({ cursor: done.fetchStartedAt, lastSyncStatus: 'succeeded', lastSyncRequestId: sync.requestId });
    expect(after.activeRequestId).toBeUndefined();
  });

  it('a sync that runs out of time stops between pages and is continued by a new message: every order once', async () => {
    const seller = await createTestSeller();
    await connectWith(seller.sellerId, 'wix', { accessToken: 'demo-token' });
    const { sync } = await requestSync((await getIntegration(seller.sellerId, 'wix'))!);
    const key = { sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt };
    // Lambda's context as a timeout approaches: time enough for one page, then none.
    let asked = 0;
    const context = { getRemainingTimeInMillis: () => (++asked <= 2 ? 60_000 : 1_000) } as Context;

    const answer = await handler(delivery(messageOf({ ...key, platform: 'wix' }), 1), context);
    expect(answer.batchItemFailures).toEqual([]);
    // Asked when it started, before the first page and before the second: then it stopped.
    expect(asked).toBe(3);
    // The continuation went to the queue, whose worker finishes the sync from the page recorded last.
    const done = await until('the continued sync to finish', async () => {
      const s = await getSync(key);
      return s?.status === 'succeeded' ? s : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 });
    expect(done).toMatchObject({ fetched: true, ordersCreated: DEMO_ORDERS_PER_SYNC, pages: Math.ceil(DEMO_ORDERS_PER_SYNC / DEMO_PAGE_SIZE) });
    expect(await ordersOf(seller)).toHaveLength(DEMO_ORDERS_PER_SYNC);
  });

  it('a store without orders: the sync succeeds with none created', async () => {
    const seller = await createTestSeller();
    await connectWith(seller.sellerId, 'square', { apiKey: DEMO_TEST_KEYS.empty });
    const { sync, last } = await syncNow(seller, 'square');
    expect(sync).toMatchObject({ status: 'succeeded', ordersCreated: 0, ordersUpdated: 0, error: null });
    expect(last).toMatchObject({ ordersCreated: 0, ordersUpdated: 0 });
  });

  it('access revoked: the first delivery fails the sync with the set-up-again message (not retried), the integration shows problems', async () => {
    const seller = await createTestSeller();
    const integration = await connectWith(seller.sellerId, 'paypal', { apiKey: DEMO_TEST_KEYS.revoked });
    // The first delivery settles it: no batch item failure, so SQS deletes the message rather than retrying.
    const { sync } = await requestSync(integration);
    const answer = await handler(delivery(messageOf(sync), 1));
    expect(answer.batchItemFailures).toEqual([]);
    const problems = 'We are having problems syncing your PayPal orders. Please set up PayPal again.';
    const last = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: sync.requestedAt } });
    expect(last.json.syncs).toEqual([expect.objectContaining({ requestId: sync.requestId, status: 'failed', error: problems, ordersCreated: 0 })]);

    const status = await seller.api('GET', '/paypal/havesync');
    expect(status.json).toMatchObject({ haveSync: true, problems: true, problemMessage: problems, lastSyncStatus: 'failed' });
    // The platform's own words are kept for support, never sent to the browser.
    expect((await rawIntegrationItem(seller.sellerId, 'paypal'))!.problemMessage).toBe('The demo store refused our access token.');
    expect(JSON.stringify(status.json)).not.toContain('refused');
    const blocked = await seller.api('GET', '/paypal/ordersresync');
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toBe(problems);

    // Setting it up again clears the problems.
    const again = await seller.api('GET', '/paypal/settings');
    expect(again.json.integration).toMatchObject({ problems: false, problemMessage: null });
    expect((await rawIntegrationItem(seller.sellerId, 'paypal'))!.problemMessage).toBeUndefined();
  });

  it(`store unreachable: retried by SQS, failed after ${MAX_RECEIVE_COUNT} receives, the message in the DLQ`, async () => {
    const seller = await createTestSeller();
    await connectWith(seller.sellerId, 'ebay', { apiKey: DEMO_TEST_KEYS.unavailable });
    const { sync } = await syncNow(seller, 'ebay');
    expect(sync).toMatchObject({ status: 'failed', error: 'The eBay sync could not finish. Please try again later.' });
    const status = await seller.api('GET', '/ebay/havesync');
    expect(status.json).toMatchObject({ problems: false, lastSyncStatus: 'failed', syncing: false });

    const sqs = new SQSClient({});
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: dlqName(QUEUES.platformSync) }));
    const parked = await until(
      'the message in the DLQ',
      async () => {
        const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
        const m = out.Messages?.find((x) => JSON.parse(x.Body ?? '{}').requestId === sync.requestId);
        return m ? { body: JSON.parse(m.Body!) as { requestId: string } } : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 0 },
    );
    expect(parked.body).toMatchObject({ type: 'platform-sync.requested', sellerId: seller.sellerId, platform: 'ebay', requestId: sync.requestId });
    sqs.destroy();
  });

  it('a malformed message is reported, so the redrive policy parks it in the DLQ instead of running it', async () => {
    const malformed = delivery({ type: 'platform-sync.requested', sellerId: '' });
    expect((await handler(malformed)).batchItemFailures).toEqual([{ itemIdentifier: malformed.Records[0]!.messageId }]);
    const notJson = delivery('x');
    notJson.Records[0]!.body = '{not json';
    expect((await handler(notJson)).batchItemFailures).toEqual([{ itemIdentifier: notJson.Records[0]!.messageId }]);
  });
});
