import { desk } from './service.js';
import { labelBatchEntity, labelBatchOrderEntity } from './shipping-entities.js';

export type BatchOrderRow = { orderId: string; orderNumber: string; customerName: string };

/** The batch and a pending row per order, written before any message is sent. */
export async function createBatch(
  sellerId: string,
  batch: { batchId: string; service: string; estimatedCents: number },
  orders: readonly BatchOrderRow[],
) {
  await labelBatchEntity.create({ sellerId, ...batch, orderCount: orders.length }).go();
  await labelBatchOrderEntity.put(orders.map((o) => ({ sellerId, batchId: batch.batchId, ...o }))).go();
}

export async function getBatch(sellerId: string, batchId: string) {
  const { data } = await labelBatchEntity.get({ sellerId, batchId }).go();
  return data;
}

export async function batchOrders(sellerId: string, batchId: string) {
  const { data } = await labelBatchOrderEntity.query.byBatch({ sellerId, batchId }).go({ pages: 'all' });
  return data;
}

export type Settled = { status: 'bought'; labelId: string; trackingNumber: string; amountCents: number } | { status: 'failed'; error: string };

/**
 * Settles one order of a batch once: the row leaves 'pending' and the batch counts move in one transaction, so a
 * redelivered message cannot count an order twice. Returns false when it was already settled.
 */
export async function settleBatchOrder(sellerId: string, batchId: string, orderId: string, outcome: Settled): Promise<boolean> {
  const bought = outcome.status === 'bought';
  const result = await desk.transaction
    .write(({ labelBatchOrder, labelBatch }) => [
      labelBatchOrder
        .patch({ sellerId, batchId, orderId })
        .set(outcome)
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      labelBatch
        .patch({ sellerId, batchId })
        .add({ bought: bought ? 1 : 0, failed: bought ? 0 : 1, spentCents: bought ? outcome.amountCents : 0 })
        .commit(),
    ])
    .go();
  return !result.canceled;
}
