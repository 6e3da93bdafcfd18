import { checkWritten, isConditionFailure, WriteConflict } from './errors.js';
import { orderEntity } from './entities.js';
import { desk } from './service.js';
import { orderNumberEntity } from './order-index.js';
import { type getOrder, orderNumberItem } from './orders.js';

/**
 * Reads and writes of many orders at once: the orders of a label batch, and the orders an import brings (created
 * with their number index and the seller's order count, updated only where the seller has not acted meanwhile).
 */

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof getOrder>>>;
export type ImportedOrderItem = Parameters<typeof orderEntity.create>[0];
/** What an import may change on an order the platform sent before. */
export type PlatformOrderFields = Partial<Pick<ImportedOrderItem, 'orderNumber' | 'orderDate' | 'items' | 'currency' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'shipTo' | 'status'>>;

/** One BatchGet of the seller's orders: those found, and the ids DynamoDB left unprocessed (to read again). */
export async function getOrdersById(sellerId: string, orderIds: readonly string[], options: { consistent?: boolean } = {}) {
  const { data, unprocessed } = await orderEntity.get(orderIds.map((orderId) => ({ sellerId, orderId }))).go({ consistent: options.consistent });
  return { orders: data as OrderRecord[], unprocessed: unprocessed.map((k) => k.orderId) };
}

/** The order as written last (a conditional update that lost reads it again). */
export async function getOrderConsistent(sellerId: string, orderId: string): Promise<OrderRecord | undefined> {
  return (await orderEntity.get({ sellerId, orderId }).go({ consistent: true })).data ?? undefined;
}

/**
 * Creates imported orders, their number index items and the seller's order count in one transaction (25 orders +
 * 25 numbers + 1 count stay within DynamoDB's 100 items). Throws WriteConflict when the transaction was cancelled:
 * another import created one of them meanwhile, or the write raced one.
 */
export async function createImportedOrders(sellerId: string, orders: readonly ImportedOrderItem[]): Promise<void> {
  if (orders.length === 0) return;
  try {
    const result = await desk.transaction
      .write(({ order, consultant, orderNumber }) => [
        ...orders.map((n) => order.create(n).commit()),
        ...orders.map((n) => orderNumber.put(orderNumberItem(sellerId, n)).commit()),
        consultant.patch({ sellerId }).add({ orderCount: orders.length }).commit(),
      ])
      .go();
    checkWritten(result);
  } catch (err) {
    if (err instanceof WriteConflict || !isCancelled(err)) throw err;
    throw new WriteConflict('The transaction was cancelled', { cause: err });
  }
}

function isCancelled(err: unknown): boolean {
  const text = `${(err as Error)?.name} ${(err as Error)?.message} ${String((err as { cause?: unknown })?.cause)}`;
  return /TransactionCanceled|ConditionalCheckFailed|TransactionConflict/.test(text);
}

/** Sets the platform's fields on an order only if it is as read (same updatedAt); false when it changed meanwhile. */
export async function updateOrderIfUnchanged(sellerId: string, orderId: string, readAt: string, fields: PlatformOrderFields): Promise<boolean> {
  try {
    await orderEntity
      .patch({ sellerId, orderId })
      .set(fields)
      .where((a, { eq }) => eq(a.updatedAt, readAt))
      .go();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A platform renumbered an order: its number index follows (the new term first, so it is never unfindable). */
export async function renumberOrder(sellerId: string, orderId: string, from: string, to: string): Promise<void> {
  await orderNumberEntity.put(orderNumberItem(sellerId, { orderId, orderNumber: to })).go();
  await orderNumberEntity.delete(orderNumberItem(sellerId, { orderId, orderNumber: from })).go();
}
