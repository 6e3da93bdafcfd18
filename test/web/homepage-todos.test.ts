import { describe, expect, it } from 'vitest';
import { todosOf } from '../../web/src/features/home/todos.js';

const calm = {
  name: 'Dana',
  unshippedOrders: 0,
  postage: { balanceCents: 5000, thresholdCents: 1000, low: false },
  failedSyncs: [],
  rewardsToRedeem: 0,
  rewardsMore: false,
  setup: { done: 6, total: 6, percent: 100 },
  failedJob: null,
};

describe('homepage: what needs the seller now', () => {
  it('is nothing when nothing waits', () => {
    expect(todosOf(calm)).toEqual([]);
  });

  it('lists each thing with the link where it is done, failures first', () => {
    const todos = todosOf({
      ...calm,
      unshippedOrders: 1,
      postage: { balanceCents: 250, thresholdCents: 1000, low: true },
      failedSyncs: [{ platform: 'shopify', message: 'We are having problems syncing your Shopify orders. Please set up Shopify again.' }],
      rewardsToRedeem: 50,
      rewardsMore: true,
      setup: { done: 2, total: 6, percent: 34 },
      failedJob: { kind: 'orders', name: 'june.csv', failedAt: '2026-06-15T12:00:00.000Z', reason: 'A CSV in an unsupported format has been uploaded.' },
    });
    expect(todos.map((t) => [t.id, t.to])).toEqual([
      ['failed-job', '/orders'],
      ['sync-shopify', '/settings#integration'],
      ['postage', '/settingsbilling'],
      ['unshipped', '/orders?status=open'],
      ['rewards', '/rewards'],
      ['setup', '/activate'],
    ]);
    expect(todos.find((t) => t.id === 'postage')?.text).toBe('Your postage balance is $2.50, below $10.00.');
    expect(todos.find((t) => t.id === 'unshipped')?.text).toBe('1 order is waiting to be shipped.');
    expect(todos.find((t) => t.id === 'rewards')?.text).toBe('50+ customers have earned a reward not yet given.');
    expect(todos.find((t) => t.id === 'setup')?.action).toBe('Continue Setup');
  });

  it('says which import or sync failed, when and why, and links where it is tried again', () => {
    const failedAt = '2026-06-15T12:00:00.000Z';
    const [csv] = todosOf({ ...calm, failedJob: { kind: 'customers', name: 'list.csv', failedAt, reason: 'The import stopped before it finished. Please upload the file again.' } });
    expect(csv).toMatchObject({ to: '/customers', action: 'Import again', dismiss: failedAt });
    expect(csv?.text).toMatch(/^Your customers import of list\.csv failed on 06\/1[456]\/2026: The import stopped before it finished\./);
    const [sync] = todosOf({ ...calm, failedJob: { kind: 'sync', name: 'Shopify', failedAt, reason: 'The Shopify sync could not finish. Please try again later.' } });
    expect(sync).toMatchObject({ to: '/settings#integration', action: 'Sync again' });
    expect(sync?.text).toContain('Your Shopify sync failed on ');
  });
});
