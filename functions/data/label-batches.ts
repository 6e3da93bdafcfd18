import { createWriteTransaction } from 'electrodb';
import { coalesced } from './coalesce.js';
import { applied, WriteConflict } from './errors.js';
import { labelBatchEntity, labelBatchOrderEntity, postageEntity } from './shipping-entities.js';
import { pauseBeforeRetry } from '../domain/backoff.js';
import type { Parcel } from '../../shared/schemas/shipping.js';

export type BatchOrderRow = { orderId: string; orderNumber: string; customerName: string; parcel: Parcel };

/** BatchWriteItem requests of a batch's rows side by side (25 rows each): a batch of 500 is 20 of them. */
const ROW_WRITES_SIDE_BY_SIDE = 4;
/** Rows a BatchWriteItem takes, and the conditional puts of missing rows made at once. */
const ROW_WRITE = 25;

/** A credit patches the balance item: one is made, empty, for a seller who never had postage. */
const balanceItemOf = (sellerId: string) => applied(postageEntity().create({ sellerId, balanceCents: 0 }).go());

/**
 * The batch and a pending row per order, written before any message is sent. The batch item is created in one
 * transaction with the credit of the card charge made for it (`creditCents`, keyed by the batch): the batch exists
 * once, so the charge is credited once, however many starts of it race. False, and nothing written, when the batch
 * exists already (a retried or parallel start of the same Buy).
 */
export async function createBatch(
  sellerId: string,
  batch: { batchId: string; service: string; estimatedCents: number },
  orders: readonly BatchOrderRow[],
  creditCents = 0,
): Promise<boolean> {
  if (creditCents > 0) await balanceItemOf(sellerId);
  const result = await createWriteTransaction({ labelBatch: labelBatchEntity(), postage: postageEntity() }, ({ labelBatch, postage }) => [
    labelBatch.create({ sellerId, ...batch, orderCount: orders.length, ...(creditCents > 0 ? { rechargedCents: creditCents } : {}) }).commit(),
    ...(creditCents > 0 ? [postage.patch({ sellerId }).add({ balanceCents: creditCents }).commit()] : []),
  ]).go();
  if (result.canceled) {
    if (result.data.some((r) => r.rejected && r.code !== 'ConditionalCheckFailed')) throw new WriteConflict('The batch collided with another write');
    return false;
  }
  const { unprocessed } = await labelBatchOrderEntity()
    .put(orders.map((o) => ({ sellerId, batchId: batch.batchId, ...o })))
    .go({ concurrency: ROW_WRITES_SIDE_BY_SIDE });
  if (unprocessed.length) throw new Error(`${unprocessed.length} rows of the batch were not written`);
  return true;
}

/**
 * Credits the batch's one top-up (labels that cost more than the batch was priced at): the balance grows only if
 * the batch has none yet, so the labels of a batch that all find the balance short credit it once.
 */
export async function creditBatchTopUp(sellerId: string, batchId: string, cents: number): Promise<boolean> {
  await balanceItemOf(sellerId);
  const result = await createWriteTransaction({ labelBatch: labelBatchEntity(), postage: postageEntity() }, ({ labelBatch, postage }) => [
    labelBatch
      .patch({ sellerId, batchId })
      .set({ toppedUpCents: cents })
      .where(({ toppedUpCents }, { notExists }) => notExists(toppedUpCents))
      .commit(),
    postage.patch({ sellerId }).add({ balanceCents: cents }).commit(),
  ]).go();
  if (result.canceled && result.data.some((r) => r.rejected && r.code !== 'ConditionalCheckFailed')) {
    throw new WriteConflict('The batch top-up collided with another write');
  }
  return !result.canceled;
}

export async function getBatch(sellerId: string, batchId: string, options: { consistent?: boolean } = {}) {
  const { data } = await labelBatchEntity().get({ sellerId, batchId }).go(options);
  return data;
}

export async function batchOrders(sellerId: string, batchId: string, options: { consistent?: boolean } = {}) {
  const { data } = await labelBatchOrderEntity().query.byBatch({ sellerId, batchId }).go({ pages: 'all', ...options });
  return data;
}

/** Every order's message is queued: the batch needs no resume. */
export async function markBatchQueued(sellerId: string, batchId: string): Promise<void> {
  await labelBatchEntity().patch({ sellerId, batchId }).set({ queuedAt: new Date().toISOString() }).go();
}

/**
 * Claims the resume of a batch not marked queued: true for one caller, and again only once a resume begun before
 * `staleBefore` is taken for dead. Keeps the screen's polls from queueing the same orders once a second.
 */
export async function claimBatchResume(sellerId: string, batchId: string, staleBefore: string): Promise<boolean> {
  return applied(
    labelBatchEntity()
      .patch({ sellerId, batchId })
      .set({ resumedAt: new Date().toISOString() })
      .where(({ queuedAt, resumedAt }, { notExists, lt }) => `${notExists(queuedAt)} AND (${notExists(resumedAt)} OR ${lt(resumedAt, staleBefore)})`)
      .go(),
  );
}

/**
 * The rows a start that died after writing its batch did not write. Each is created only if absent (a plain put
 * could set a row its label settled back to pending).
 */
export async function addMissingBatchRows(sellerId: string, batchId: string, rows: readonly BatchOrderRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROW_WRITE) {
    await Promise.all(rows.slice(i, i + ROW_WRITE).map((o) => applied(labelBatchOrderEntity().create({ sellerId, batchId, ...o }).go())));
  }
}

export type Settled = { status: 'bought'; labelId: string; trackingNumber: string; amountCents: number } | { status: 'failed'; error: string };

/** Tries of a settlement that collided with another write on the batch's counts. */
const SETTLE_TRIES = 8;

async function settleOne(sellerId: string, batchId: string, orderId: string, outcome: Settled): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const result = await settleOnce(sellerId, batchId, orderId, outcome);
    const collided = result.canceled && result.data.some((r) => r.rejected && r.code !== 'ConditionalCheckFailed');
    if (!collided) return !result.canceled;
    if (attempt >= SETTLE_TRIES) throw new WriteConflict('The batch settlement collided with other writes');
    await pauseBeforeRetry(attempt, 20);
  }
}

async function settleOnce(sellerId: string, batchId: string, orderId: string, outcome: Settled) {
  const bought = outcome.status === 'bought';
  return createWriteTransaction(
    { labelBatchOrder: labelBatchOrderEntity(), labelBatch: labelBatchEntity() },
    ({ labelBatchOrder, labelBatch }) => [
      labelBatchOrder
        .patch({ sellerId, batchId, orderId })
        .set(outcome)
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      labelBatch
        .patch({ sellerId, batchId })
        .add({ bought: bought ? 1 : 0, failed: bought ? 0 : 1, spentCents: bought ? outcome.amountCents : 0 })
        .commit(),
    ],
  ).go();
}

type Settlement = { sellerId: string; batchId: string; orderId: string; outcome: Settled };

/** A transaction's most items: one row each and the batch's counts. */
const SETTLED_TOGETHER = 99;

/**
 * The orders of one batch settled in this turn (its labels bought side by side) in one transaction: every row
 * leaves 'pending' and the batch's counts move once by their sums, so they do not collide on the batch item.
 * Cancelled (a row settled already: a redelivery; or a collision), each is settled alone. One at a time
 * (coalesce.ts `oneAtATime`): settlements that come while one is written join the next instead of colliding with
 * it on the batch's counts.
 */
async function settleGroup(group: Settlement[]): Promise<(boolean | Error)[]> {
  const alone = async () =>
    (await Promise.allSettled(group.map((g) => settleOne(g.sellerId, g.batchId, g.orderId, g.outcome)))).map((r) =>
      r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason)),
    );
  if (group.length === 1 || new Set(group.map((g) => g.orderId)).size < group.length) return alone();
  const [{ sellerId, batchId }] = group as [Settlement];
  const sum = (f: (o: Settled) => number) => group.reduce((n, g) => n + f(g.outcome), 0);
  const result = await createWriteTransaction(
    { labelBatchOrder: labelBatchOrderEntity(), labelBatch: labelBatchEntity() },
    ({ labelBatchOrder, labelBatch }) => [
      ...group.map((g) =>
        labelBatchOrder
          .patch({ sellerId, batchId, orderId: g.orderId })
          .set(g.outcome)
          .where(({ status }, { eq }) => eq(status, 'pending'))
          .commit(),
      ),
      labelBatch
        .patch({ sellerId, batchId })
        .add({
          bought: sum((o) => (o.status === 'bought' ? 1 : 0)),
          failed: sum((o) => (o.status === 'bought' ? 0 : 1)),
          spentCents: sum((o) => (o.status === 'bought' ? o.amountCents : 0)),
        })
        .commit(),
    ],
  ).go();
  return result.canceled ? alone() : group.map(() => true);
}

const settleTogether = coalesced(async (settlements: Settlement[]): Promise<(boolean | Error)[]> => {
  const groups = new Map<string, number[]>();
  for (const [i, g] of settlements.entries()) {
    const key = `${g.sellerId}\u0000${g.batchId}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const answers: (boolean | Error)[] = new Array(settlements.length);
  await Promise.all(
    [...groups.values()].map(async (indexes) => {
      const group = indexes.map((i) => settlements[i] as Settlement);
      const got = await settleGroup(group).catch((err: unknown) => group.map(() => (err instanceof Error ? err : new Error(String(err)))));
      for (const [j, i] of indexes.entries()) answers[i] = got[j] as boolean | Error;
    }),
  );
  return answers;
}, SETTLED_TOGETHER, { oneAtATime: true });

/**
 * Settles one order of a batch once: the row leaves 'pending' and the batch counts move in one transaction, so a
 * redelivered message cannot count an order twice; the batch's other orders settled in this turn join it
 * (settleGroup). Returns false when it was already settled.
 */
export function settleBatchOrder(sellerId: string, batchId: string, orderId: string, outcome: Settled): Promise<boolean> {
  return settleTogether({ sellerId, batchId, orderId, outcome });
}
