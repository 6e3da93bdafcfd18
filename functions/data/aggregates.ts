import { type AggregateDelta, type AggregateKind, addDays, ALL_DAYS, type Counts, sumDeltas } from '../../shared/domain/reports.js';
import { aggregateEntity } from './aggregate-entities.js';
import { coalesced } from './coalesce.js';

export type AggregateRecord = Awaited<ReturnType<typeof readAggregates>>[number];

/** Writes of one batch side by side (by default): enough to finish a batch quickly, few enough not to throttle one partition. */
const PARALLEL = 8;

/**
 * Adds a batch's deltas to the aggregates: summed per item first (shared/domain/reports.ts sumDeltas), then one
 * UpdateItem with ADD per item changed, so an import's batch of orders costs one write per day, customer and product
 * it touched. ADD creates a missing item; a negative delta takes away.
 */
export async function applyAggregateDeltas(sellerId: string, deltas: readonly AggregateDelta[], sideBySide = PARALLEL): Promise<void> {
  const items = sumDeltas(deltas);
  let next = 0;
  // A pool, not rounds: a slow write holds up one lane, not the other writes of its round.
  await Promise.all(
    Array.from({ length: Math.min(sideBySide, items.length) }, async () => {
      while (next < items.length) await addTo(sellerId, items[next++] as AggregateDelta);
    }),
  );
}

type SellerDeltas = { sellerId: string; deltas: readonly AggregateDelta[] };

const applyTogether = coalesced(async (batches: SellerDeltas[]): Promise<(undefined | Error)[]> => {
  const bySeller = new Map<string, AggregateDelta[]>();
  for (const b of batches) bySeller.set(b.sellerId, [...(bySeller.get(b.sellerId) ?? []), ...b.deltas]);
  const outcome = new Map<string, undefined | Error>();
  await Promise.all(
    [...bySeller].map(async ([sellerId, deltas]) => {
      const failed = await applyAggregateDeltas(sellerId, deltas).then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
      outcome.set(sellerId, failed);
    }),
  );
  return batches.map((b) => outcome.get(b.sellerId));
}, 100);

/**
 * applyAggregateDeltas, joined with the other writers of this turn (coalesce.ts): a batch's labels bought side by
 * side add their shipments, postage and open orders with one write per item for them all, not one per label. A
 * failed write fails every writer of that seller in the turn.
 */
export function applyAggregateDeltasTogether(sellerId: string, deltas: readonly AggregateDelta[]): Promise<undefined> {
  return applyTogether({ sellerId, deltas });
}

function addTo(sellerId: string, d: AggregateDelta) {
  const write = aggregateEntity.upsert({ sellerId, kind: d.kind, day: d.day, key: d.key }).add(d.counts as Required<Counts>);
  return (d.label !== undefined ? write.set({ label: d.label }) : write).go({ response: 'none' });
}

/** One kind's items from `from` to `to` (days, inclusive), every page: a Query of a key range, never a Scan. */
export async function readAggregates(sellerId: string, kind: AggregateKind, from: string, to: string) {
  const { data } = await aggregateEntity.query
    .byDay({ sellerId })
    .between({ kind, day: from }, { kind, day: addDays(to, 1) })
    .go({ pages: 'all' });
  return data.filter((d) => d.day >= from && d.day <= to);
}

/** The seller-wide status item: orders waiting to be shipped. */
export async function openOrderCount(sellerId: string): Promise<number> {
  const { data } = await aggregateEntity.get({ sellerId, kind: 'status', day: ALL_DAYS, key: '-' }).go();
  return Math.max(0, data?.open ?? 0);
}
