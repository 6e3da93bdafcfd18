import { describe, expect, it } from 'vitest';
import { NO_ORDERS_MS, SYNC_FINISHED_MS, SYNC_POLL_MS, syncOutcome } from '../../web/src/features/integrations/sync-outcome.js';

type Sync = Parameters<typeof syncOutcome>[0] extends infer L ? (L extends { syncs: (infer S)[] } ? S : never) : never;

const sync = (over: Partial<Sync>): Sync => ({
  platform: 'shopify',
  requestId: 'r1',
  requestedAt: '2026-11-23T10:00:00.000Z',
  status: 'succeeded',
  ordersCreated: 0,
  ordersUpdated: 0,
  skipped: [],
  error: null,
  finishedAt: '2026-11-23T10:00:05.000Z',
  ...over,
});

function answer(syncs: Sync[], finished = syncs.every((s) => s.status === 'succeeded' || s.status === 'failed')) {
  return {
    success: true as const,
    finished,
    syncs,
    ordersCreated: syncs.reduce((n, s) => n + s.ordersCreated, 0),
    ordersUpdated: syncs.reduce((n, s) => n + s.ordersUpdated, 0),
    lastSync: null,
  };
}

describe('syncOutcome (what the integration screen shows after Sync now)', () => {
  it('keeps waiting while a sync is queued or running, or none is seen yet', () => {
    expect(syncOutcome(undefined)).toEqual({ kind: 'waiting' });
    expect(syncOutcome(answer([]))).toEqual({ kind: 'waiting' });
    expect(syncOutcome(answer([sync({ status: 'running', finishedAt: null })]))).toEqual({ kind: 'waiting' });
    expect(syncOutcome(answer([sync({ ordersCreated: 3 }), sync({ requestId: 'r2', status: 'queued' })]))).toEqual({ kind: 'waiting' });
  });

  it('finished with orders: counts of every sync of the click, and the failures beside them', () => {
    const out = syncOutcome(answer([sync({ ordersCreated: 3, ordersUpdated: 1 }), sync({ requestId: 'r2', platform: 'ebay', status: 'failed', error: 'The eBay sync could not finish. Please try again later.' })]));
    expect(out).toEqual({ kind: 'finished', ordersCreated: 3, ordersUpdated: 1, errors: ['The eBay sync could not finish. Please try again later.'], succeeded: ['shopify'] });
  });

  it('names each platform that succeeded once: one order resync each after Sync Has Finished (spec section 4)', () => {
    const out = syncOutcome(
      answer([sync({ ordersCreated: 2 }), sync({ requestId: 'r2', ordersCreated: 1 }), sync({ requestId: 'r3', platform: 'etsy', ordersUpdated: 1 }), sync({ requestId: 'r4', platform: 'ebay', status: 'failed', error: 'x' })]),
    );
    expect(out).toMatchObject({ kind: 'finished', succeeded: ['shopify', 'etsy'] });
  });

  it('succeeded without a single order: the 30-day message', () => {
    expect(syncOutcome(answer([sync({})]))).toEqual({ kind: 'no-orders', errors: [] });
  });

  it('orders a sync skipped (a number taken): said beside the counts, and a sync that only skipped is not the 30-day message', () => {
    const taken = 'Order #10614 from Etsy was not added: an order with this number is already in your orders (imported from a file, entered here or synced from another store), and orders are never added twice.';
    expect(syncOutcome(answer([sync({ ordersCreated: 4, skipped: [taken] })]))).toEqual({ kind: 'finished', ordersCreated: 4, ordersUpdated: 0, errors: [taken], succeeded: ['shopify'] });
    expect(syncOutcome(answer([sync({ skipped: [taken] })]))).toMatchObject({ kind: 'finished', ordersCreated: 0, errors: [taken] });
  });

  it('every sync failed: their messages, each once', () => {
    const problem = 'We are having problems syncing your PayPal orders. Please set up PayPal again.';
    const out = syncOutcome(answer([sync({ status: 'failed', error: problem }), sync({ requestId: 'r2', status: 'failed', error: problem })]));
    expect(out).toEqual({ kind: 'failed', errors: [problem] });
  });

  it("uses the spec's timings: polled every 3 s, finished shown 5 s, no orders 15 s", () => {
    expect([SYNC_POLL_MS, SYNC_FINISHED_MS, NO_ORDERS_MS]).toEqual([3000, 5000, 15_000]);
  });
});
