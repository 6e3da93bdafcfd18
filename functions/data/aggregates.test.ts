import { describe, expect, it } from 'vitest';
import type { AggregateDelta } from '../../shared/domain/reports.js';
import { aggregateEntity } from './aggregate-entities.js';
import { aggregateUpdate } from './aggregates.js';

/** ElectroDB's own upsert of a delta, as aggregates.ts built it before it was written out. */
function electroUpsert(sellerId: string, d: AggregateDelta) {
  const write = aggregateEntity().upsert({ sellerId, kind: d.kind, day: d.day, key: d.key }).add(d.counts as never);
  return (d.label !== undefined ? write.set({ label: d.label }) : write).params();
}

const DELTAS: AggregateDelta[] = [
  { kind: 'day', day: '2025-03-04', key: '-', counts: { orders: 1, salesCents: 2_500, quantity: 3 } },
  { kind: 'customer', day: '2025-03-04', key: 'Cust-9F', label: 'Ada Lovelace', counts: { orders: 2, salesCents: 4_000 } },
  { kind: 'product', day: '2025-12-31', key: 'SKU:CAND-VAN', label: 'Vanilla Candle, 8 oz', counts: { quantity: -2, salesCents: -2_500 } },
  { kind: 'carrier', day: '2026-01-01', key: 'usps|usps_ground_advantage', label: 'USPS Ground Advantage', counts: { shipments: 1, postageCents: 815 } },
  { kind: 'status', day: 'ALL', key: '-', counts: { open: -1 } },
  { kind: 'customer', day: '2026-02-02', key: 'c-1', label: '', counts: { rewardsEarned: 40, rewardsRedeemed: 0, orders: 0 } },
  { kind: 'day', day: '2026-02-02', key: '-', counts: {} },
];

describe('aggregateUpdate', () => {
  it('is the UpdateItem ElectroDB builds for the same delta (identity, keys, label, counts)', () => {
    for (const d of DELTAS) expect(aggregateUpdate('Seller-1', d)).toEqual(electroUpsert('Seller-1', d));
  });
});
