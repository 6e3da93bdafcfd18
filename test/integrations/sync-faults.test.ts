import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ORDERS_PER_SYNC } from '../../functions/adapters/platforms/demo.js';
import { getIntegration, getSync, requestSync } from '../../functions/data/integrations.js';
import { lastSync } from '../../functions/integrations/last-sync.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { handler } from '../../functions/jobs/platform-sync.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { createTestSeller } from '../support/sellers.js';
import { connectWith, ordersOf } from './support.js';

/** What DynamoDB Local cannot do on its own: a write or a read that fails (test/support/ddb-faults.ts). */
afterEach(() => restoreFaults());

const delivery = (body: unknown, receiveCount: number): SQSEvent =>
  ({
    Records: [{ messageId: `m-${receiveCount}`, body: JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receiveCount) } }],
  }) as unknown as SQSEvent;

describe('platform sync under DynamoDB faults', () => {
  it('a delivery that dies after writing a page but before recording it is retried, and the retry leaves every order once', async () => {
    const seller = await createTestSeller();
    const integration = await connectWith(seller.sellerId, 'exigo', { accessToken: 'demo-token' });
    const { sync } = await requestSync(integration);
    const key = { sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt };
    const message = { type: 'platform-sync.requested', platform: 'exigo', ...key };

    // The sync record's updates: 1 starts it, 2 records the first page. The second one fails.
    let updates = 0;
    faults((name, input) => name === 'UpdateCommand' && JSON.stringify(input.Key).includes(sync.requestId) && ++updates === 2);
    expect((await handler(delivery(message, 1))).batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    restoreFaults();
    expect((await getSync(key))!).toMatchObject({ status: 'running', pages: 0 });
    expect((await ordersOf(seller)).length).toBeGreaterThan(0);

    expect((await handler(delivery(message, 2))).batchItemFailures).toEqual([]);
    const orders = await ordersOf(seller);
    expect(orders).toHaveLength(DEMO_ORDERS_PER_SYNC);
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(DEMO_ORDERS_PER_SYNC);
    expect((await getSync(key))!).toMatchObject({ status: 'succeeded', fetched: true });
    expect((await getIntegration(seller.sellerId, 'exigo'))!.lastSyncStatus).toBe('succeeded');
  });

  it('sync status that cannot be read answers 503 (the page reloads on it)', async () => {
    const seller = await createTestSeller();
    faults((name, input) => name === 'QueryCommand' && JSON.stringify(input).includes('PLATFORMSYNC'));
    await expect(lastSync(seller.sellerId, new Date().toISOString())).rejects.toMatchObject({ kind: 'unavailable', message: MESSAGES.syncStatusUnavailable });
  });
});
