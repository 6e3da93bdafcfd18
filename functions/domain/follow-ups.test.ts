import { describe, expect, it } from 'vitest';
import { ALL_SHARDS, dueDateOf, dueDatesFor, shardOf } from './follow-ups.js';

describe('days-after follow-ups', () => {
  it('is due the chosen number of UTC days after the day it shipped, across months and years', () => {
    expect(dueDateOf(new Date('2026-11-25T23:59:00Z'), 7)).toBe('2026-12-02');
    expect(dueDateOf(new Date('2026-12-30T00:01:00Z'), 3)).toBe('2027-01-02');
    expect(dueDateOf(new Date('2026-02-27T12:00:00Z'), 1)).toBe('2026-02-28');
  });

  it('a run sends the two days before as well as today, oldest first', () => {
    expect(dueDatesFor(new Date('2026-03-01T16:00:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('puts an order always in the same shard, and spreads orders over every shard', () => {
    expect(shardOf('seller-1', 'order-1')).toBe(shardOf('seller-1', 'order-1'));
    const used = new Set(Array.from({ length: 200 }, (_, i) => shardOf('seller-1', `order-${i}`)));
    expect([...used].sort()).toEqual(ALL_SHARDS);
  });
});
