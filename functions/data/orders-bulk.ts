import { createWriteTransaction } from 'electrodb';
import { allProcessed, applied, isTransactionCancelled } from './errors.js';
import { orderEntity, customerEntity } from './entities.js';
import { orderNumberEntity } from './order-index.js';
import { type getOrder, orderNumberItem } from './orders.js';
import { retryUnprocessed } from './unprocessed.js';

/**
 * Reads and writes of many orders at once: the orders of a label batch, and the orders an import brings (put with
 * their number index in batch writes, updated only where the seller has not acted meanwhile).
 */

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof getOrder>>>;
export type ImportedOrderItem = Parameters<ReturnType<typeof orderEntity>['create']>[0];
/** What an import may change on an order the platform sent before. */
export type PlatformOrderFields = Partial<Pick<ImportedOrderItem, 'orderNumber' | 'orderDate' | 'items' | 'currency' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo' | 'status'>>;

/** One BatchGet of the seller's orders: those found, and the ids DynamoDB left unprocessed (to read again). */
export async function getOrdersById(sellerId: string, orderIds: readonly string[], options: { consistent?: boolean } = {}) {
  const { data, unprocessed } = await orderEntity().get(orderIds.map((orderId) => ({ sellerId, orderId }))).go({ consistent: options.consistent });
  return { orders: data as OrderRecord[], unprocessed: unprocessed.map((k) => k.orderId) };
}

/** The order as written last (a conditional update that lost reads it again). */
export async function getOrderConsistent(sellerId: string, orderId: string): Promise<OrderRecord | undefined> {
  return (await orderEntity().get({ sellerId, orderId }).go({ consistent: true })).data ?? undefined;
}

/** Requests of one call that run side by side (BatchWriteItem takes 25 items each: ElectroDB splits them). */
const SIDE_BY_SIDE = 4;
const MAX_ATTEMPTS = 8;

/** An order or its number index item: both are written, and left unprocessed, in the same requests. */
type ImportedItem = { order: ImportedOrderItem } | { number: ReturnType<typeof orderNumberItem> };

/**
 * Puts imported orders and their number index items with BatchWriteItem, 25 a request, 4 requests side by side;
 * items DynamoDB leaves unprocessed (a partition at its write limit) are sent again after a growing pause.
 * Unconditional: the caller has read that the orders do not exist yet (or were written by a batch whose effects
 * were never counted), and counts them through their `importBatch` checkpoint (functions/data/batch-effects.ts).
 */
export async function putImportedOrders(sellerId: string, orders: readonly ImportedOrderItem[]): Promise<void> {
  if (orders.length === 0) return;
  const byId = new Map(orders.map((o) => [o.orderId, o]));
  const items: ImportedItem[] = [...orders.map((order) => ({ order })), ...orders.map((o) => ({ number: orderNumberItem(sellerId, o) }))];
  const written = await retryUnprocessed(
    items,
    async (pending) => {
      const pendingOrders = pending.flatMap((p) => ('order' in p ? [p.order] : []));
      const pendingNumbers = pending.flatMap((p) => ('number' in p ? [p.number] : []));
      const [put, numbered] = await Promise.all([
        pendingOrders.length ? orderEntity().put(pendingOrders).go({ concurrency: SIDE_BY_SIDE }) : { unprocessed: [] },
        pendingNumbers.length ? orderNumberEntity().put(pendingNumbers).go({ concurrency: SIDE_BY_SIDE }) : { unprocessed: [] },
      ]);
      return [
        ...put.unprocessed.map((k) => ({ order: byId.get(k.orderId) as ImportedOrderItem })),
        ...numbered.unprocessed.map((k) => ({ number: { sellerId, term: k.term, orderId: k.orderId } })),
      ];
    },
    { tries: MAX_ATTEMPTS },
  );
  allProcessed(written, 'imported items were left unwritten');
}

/**
 * Sets the platform's fields on an order only if it is as read (same updatedAt), and adds what that changes of its
 * customer's total spend in the same transaction; false when the order changed meanwhile.
 */
export async function updateOrderIfUnchanged(
  sellerId: string,
  order: { orderId: string; customerId: string; updatedAt: string },
  fields: PlatformOrderFields,
  spendChange = 0,
): Promise<boolean> {
  const patch = orderEntity()
    .patch({ sellerId, orderId: order.orderId })
    .set(fields)
    .where((a, { eq }) => eq(a.updatedAt, order.updatedAt));
  if (spendChange === 0) return applied(patch.go());
  try {
    const result = await createWriteTransaction(
      { order: orderEntity(), customer: customerEntity() },
      ({ order: orders, customer }) => [
        orders
          .patch({ sellerId, orderId: order.orderId })
          .set(fields)
          .where((a, { eq }) => eq(a.updatedAt, order.updatedAt))
          .commit(),
        customer.update({ sellerId, customerId: order.customerId }).add({ totalSpend: spendChange }).where((a, { exists }) => exists(a.customerId)).commit(),
      ],
    ).go();
    return !result.canceled;
  } catch (err) {
    if (isTransactionCancelled(err)) return false;
    throw err;
  }
}

/** A platform renumbered an order: its number index follows (the new term first, so it is never unfindable). */
export async function renumberOrder(sellerId: string, orderId: string, from: string, to: string): Promise<void> {
  await orderNumberEntity().put(orderNumberItem(sellerId, { orderId, orderNumber: to })).go();
  await orderNumberEntity().delete(orderNumberItem(sellerId, { orderId, orderNumber: from })).go();
}
