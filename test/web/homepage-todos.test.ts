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
    });
    expect(todos.map((t) => [t.id, t.to])).toEqual([
      ['sync-shopify', '/settings#integration'],
      ['postage', '/settingsbilling'],
      ['unshipped', '/orders'],
      ['rewards', '/rewards'],
      ['setup', '/activate'],
    ]);
    expect(todos.find((t) => t.id === 'postage')?.text).toBe('Your postage balance is $2.50, below $10.00.');
    expect(todos.find((t) => t.id === 'unshipped')?.text).toBe('1 order is waiting to be shipped.');
    expect(todos.find((t) => t.id === 'rewards')?.text).toBe('50+ customers have earned a reward not yet given.');
    expect(todos.find((t) => t.id === 'setup')?.action).toBe('Continue Setup');
  });
});
