import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { platformSyncEntity } from '../../functions/data/integration-entities.js';
import { getIntegration, getSync, requestSync, type SyncKey } from '../../functions/data/integrations.js';
import { client } from '../../functions/data/table.js';
import { QUEUES } from '../../infra/definitions.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { createTestSeller } from '../support/sellers.js';
import { connectWith } from './support.js';

/**
 * A sync whose worker is gone (its message lost, a stopped cloud) stays queued or running. Once it has made no
 * progress for longer than the worker may run, reading the sync status marks it failed with what to do, and the
 * next click starts a new sync.
 */
const TIMEOUT_MS = QUEUES.platformSync.workerTimeoutSeconds * 1000;

/** Sets the sync's last progress in the past, around the entity (which stamps every write with now). */
async function lastProgress(key: SyncKey, msAgo: number) {
  const { Key, TableName } = platformSyncEntity().get(key).params();
  await client.send(
    new UpdateCommand({ TableName, Key, UpdateExpression: 'SET updatedAt = :t', ExpressionAttributeValues: { ':t': new Date(Date.now() - msAgo).toISOString() } }),
  );
}

describe('platform syncs that lost their worker', () => {
  it('read as failed once they made no progress for longer than the worker may run; a new click starts a new sync', async () => {
    const seller = await createTestSeller();
    await connectWith(seller.sellerId, 'wix', { accessToken: 'demo-token' });
    // Requested, never sent: as a message lost with the queue would leave it.
    const { sync } = await requestSync((await getIntegration(seller.sellerId, 'wix'))!);
    const key = { sellerId: seller.sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt };

    await lastProgress(key, TIMEOUT_MS - 30_000);
    const early = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: sync.requestedAt } });
    expect(early.json).toMatchObject({ finished: false, syncs: [{ requestId: sync.requestId, status: 'queued', error: null }] });

    await lastProgress(key, TIMEOUT_MS + 1_000);
    const late = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: sync.requestedAt } });
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({
      finished: true,
      syncs: [{ requestId: sync.requestId, status: 'failed', error: MESSAGES.platformSyncStalled('Wix') }],
    });
    expect(await getSync(key)).toMatchObject({ status: 'failed', error: MESSAGES.platformSyncStalled('Wix') });
    expect((await getIntegration(seller.sellerId, 'wix'))?.activeRequestId).toBeUndefined();

    const again = await requestSync((await getIntegration(seller.sellerId, 'wix'))!);
    expect(again.created).toBe(true);
  });
});
