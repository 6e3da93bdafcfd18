import { createWriteTransaction } from 'electrodb';
import { allProcessed, applied, isTransactionCancelled, WriteConflict } from './errors.js';
import { pauseBeforeRetry } from '../domain/backoff.js';
import { orderEntity, customerEntity } from './entities.js';
import { orderNumberClaimEntity, orderNumberEntity } from './order-index.js';
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

/** How long an import's claim of a number holds (order-index.ts orderNumberClaimEntity): far beyond a worker's run. */
const CLAIM_SECONDS = 24 * 60 * 60;
/** A transaction's most items: an import's batch of 96 is one request (its PutItems side by side took longer locally). */
const CLAIMS_TOGETHER = 100;
const CLAIM_TRIES = 8;

/**
 * Claims the numbers of an import's orders, each for its order, in one transaction per 100: a claim is created
 * where none is, or where it is this order's own (a redelivery, a re-import) or expired. Answers the orders whose
 * number another order claimed first (another import running at once, or an earlier order of the same import).
 */
export async function claimOrderNumbers(sellerId: string, orders: readonly { orderId: string; orderNumber: string }[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const claimant = new Map<string, string>();
  for (const o of orders) {
    const term = orderNumberItem(sellerId, o).term;
    const first = claimant.get(term);
    if (first === undefined) claimant.set(term, o.orderId);
    else if (first !== o.orderId) taken.add(o.orderId);
  }
  const claims = [...claimant].map(([term, orderId]) => ({ term, orderId }));
  for (let i = 0; i < claims.length; i += CLAIMS_TOGETHER) {
    for (const orderId of await claimTogether(sellerId, claims.slice(i, i + CLAIMS_TOGETHER))) taken.add(orderId);
  }
  return taken;
}

/** One transaction of claims; cancelled by a taken number, it is sent again without it. */
async function claimTogether(sellerId: string, claims: readonly { term: string; orderId: string }[]): Promise<string[]> {
  const taken: string[] = [];
  let pending = claims;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const now = Math.floor(Date.now() / 1000);
    const result = await createWriteTransaction({ claim: orderNumberClaimEntity() }, ({ claim }) =>
      pending.map((c) =>
        claim
          .put({ sellerId, term: c.term, orderId: c.orderId, expiresAt: now + CLAIM_SECONDS })
          .where((a, { eq, lt, notExists }) => `${notExists(a.orderId)} OR ${eq(a.orderId, c.orderId)} OR ${lt(a.expiresAt, now)}`)
          .commit(),
      ),
    ).go();
    if (!result.canceled) return taken;
    // Each put's outcome, in the order sent (ElectroDB types a put's as never).
    const outcomes = result.data as readonly { rejected: boolean; code: string }[];
    const refused = new Set(pending.filter((_, j) => outcomes[j]?.code === 'ConditionalCheckFailed'));
    taken.push(...[...refused].map((c) => c.orderId));
    // Cancelled with no number taken (a transaction on the same claims at once): the same claims after a pause.
    if (refused.size === 0) {
      if (attempt >= CLAIM_TRIES) throw new WriteConflict('The order numbers could not be claimed');
      await pauseBeforeRetry(attempt, 20);
    }
    pending = pending.filter((c) => !refused.has(c));
  }
  return taken;
}
