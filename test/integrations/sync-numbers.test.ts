import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DEMO_ORDERS_PER_SYNC, demoConnector } from '../../functions/adapters/platforms/demo.js';
import { getIntegration, getSync, requestSync, startSync } from '../../functions/data/integrations.js';
import { handler } from '../../functions/jobs/platform-sync.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { upload } from '../imports/upload-support.js';
import { createTestSeller } from '../support/sellers.js';
import { ordersOf, syncNow } from './support.js';

/**
 * A sync follows the rule of a file's import: a new order whose number another order of the seller already has (a
 * file's, one entered here) is not added a second time, and the sync says so. Its own orders synced again are
 * updated, never refused.
 */

const delivery = (body: unknown): SQSEvent => ({ Records: [{ messageId: `m-${Math.random()}`, body: JSON.stringify(body) }] }) as SQSEvent;
const term = (n: string) => n.replace(/^#/, '');

describe('a synced order whose number is taken', { timeout: 90_000 }, () => {
  it('is not added, and the sync names it; a sync of the same orders again leaves its own as they are, refusing none, and skips it again', async () => {
    const seller = await createTestSeller();
    // The first sync's orders, as the demo store will hand them over (its window is the day 30 days back).
    const { orders: firstPage } = await demoConnector('etsy').fetchOrders({ credentials: {} } as never, undefined, undefined);
    const taken = firstPage[0]!.orderNumber;
    // The same sale imported from a file before the store was connected (the file's number without the '#').
    const file = `Order Number,Order Date,First Name,Last Name,Email,Item Name,Quantity,Unit Price,Total\n${term(taken)},11/25/2026,Mason,Simmons,mason.simmons30@example.com,Birthstone Pendant Necklace,1,42.00,42.00\n`;
    const { job } = await upload(seller, '/upload/csvSync', 'before-the-store.csv', file);
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 1 });

    await seller.api('POST', '/integrations/connect', { body: { platform: 'etsy' } });
    const { sync, last } = await syncNow(seller, 'etsy');
    const skipped = MESSAGES.syncNumberTaken(taken, 'Etsy');
    expect(sync).toMatchObject({ status: 'succeeded', ordersCreated: DEMO_ORDERS_PER_SYNC - 1, skipped: [skipped], error: null });
    expect(last.ordersCreated).toBe(DEMO_ORDERS_PER_SYNC - 1);
    const orders = await ordersOf(seller);
    expect(orders).toHaveLength(DEMO_ORDERS_PER_SYNC);
    expect(orders.filter((o) => term(o.orderNumber) === term(taken)).map((o) => o.platform)).toEqual(['csv']);

    // The same window synced again (started as a first sync is, with no cursor): its own orders are not refused.
    const { sync: again } = await requestSync((await getIntegration(seller.sellerId, 'etsy'))!);
    const key = { sellerId: seller.sellerId, requestId: again.requestId, requestedAt: again.requestedAt };
    await startSync(key, { fetchStartedAt: new Date().toISOString() });
    expect((await handler(delivery({ type: 'platform-sync.requested', platform: 'etsy', ...key }))).batchItemFailures).toEqual([]);
    expect(await getSync(key)).toMatchObject({ status: 'succeeded', ordersCreated: 0, ordersSkipped: 1, skipped: [skipped] });
    expect(await ordersOf(seller)).toHaveLength(DEMO_ORDERS_PER_SYNC);
  });
});
