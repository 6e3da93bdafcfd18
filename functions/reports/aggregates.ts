import { isOrderStatus } from '../../shared/domain/orders.js';
import {
  type AggregatedLabel,
  type AggregatedOrder,
  type AggregateDelta,
  labelAggregateDelta,
  orderAggregateDelta,
  rewardAggregateDelta,
} from '../../shared/domain/reports.js';
import { aggregateChunks, applyAggregateDeltas, applyAggregateDeltasTogether, writeAggregatesOnce } from '../data/aggregates.js';

/**
 * Keeping the report aggregates as orders, labels and rewards change (docs/data-model.md, "Home, dashboard,
 * reports, supplies"). Every writer of orders calls recordOrderWrites once per batch with each order as it was and
 * as it is; a write that changed nothing adds nothing.
 */

/** An order as its writers hold it: the order record, or the narrower shape the rewards code passes around. */
export interface OrderLike {
  orderDate: string;
  status: string;
  customerId: string;
  customerName?: string;
  total?: number;
  items: readonly { name: string; quantity: number; price: number; sku?: string; productId?: string; discount?: number }[];
}

export interface OrderChange {
  before?: OrderLike;
  after?: OrderLike;
}

function aggregated(o: OrderLike | undefined): AggregatedOrder | undefined {
  if (!o) return undefined;
  return {
    orderDate: o.orderDate,
    status: isOrderStatus(o.status) ? o.status : 'pending',
    customerId: o.customerId,
    customerName: o.customerName ?? '',
    // Every stored order has its total; the lines' sum stands in for a shape that lacks it.
    total: o.total ?? o.items.reduce((s, i) => s + i.price * i.quantity, 0),
    items: o.items,
  };
}

export function orderChangeDeltas(changes: readonly OrderChange[]): AggregateDelta[] {
  return changes.flatMap((c) => orderAggregateDelta(aggregated(c.before), aggregated(c.after)));
}

/**
 * Adds what a batch of order writes changed (created, edited, cancelled, deleted) to the aggregates, `sideBySide`
 * item writes at once (an import's batch asks for more than the default).
 */
export function recordOrderWrites(sellerId: string, changes: readonly OrderChange[], sideBySide?: number): Promise<void> {
  return applyAggregateDeltas(sellerId, orderChangeDeltas(changes), sideBySide);
}

/**
 * An import batch part's aggregates (its new orders), as the transactions `recordImportOnce` writes: summed per item,
 * 99 items a transaction. The same orders give the same chunks.
 */
export function importAggregates(changes: readonly OrderChange[]): AggregateDelta[][] {
  return aggregateChunks(orderChangeDeltas(changes));
}

/**
 * Adds an import batch part's aggregates once, under the part's checkpoint (which must exist): a redelivered batch,
 * or a batch taken up again after a crash, adds what is not added yet and nothing twice.
 */
export function recordImportOnce(sellerId: string, checkpointId: string, chunks: readonly AggregateDelta[][]): Promise<number> {
  return writeAggregatesOnce(sellerId, checkpointId, chunks);
}

/**
 * A label bought or voided: its shipment and postage, and its order's move out of (or back to) the unshipped count,
 * as one batch of deltas.
 */
export async function recordLabel(sellerId: string, label: AggregatedLabel, sign: 1 | -1, order: { before?: OrderLike; after?: OrderLike }): Promise<void> {
  // Labels are bought side by side (a batch): their writes of one turn are joined.
  await applyAggregateDeltasTogether(sellerId, [...labelAggregateDelta(label, sign), ...orderChangeDeltas([order])]);
}

/** Rewards earned (a customer's balance crossed a goal; negative when a cancelled order took it back) or redeemed. */
export async function recordRewards(sellerId: string, at: string, change: { earned?: number; redeemed?: number }): Promise<void> {
  const deltas = rewardAggregateDelta(at, change);
  if (deltas.length > 0) await applyAggregateDeltas(sellerId, deltas);
}
