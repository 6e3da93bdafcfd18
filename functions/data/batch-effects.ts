import { createWriteTransaction } from 'electrodb';
import { roundPoints } from '../../shared/domain/rewards.js';
import type { BatchEffects } from '../domain/order-effects.js';
import { customerEntity, consultantEntity } from './entities.js';
import { transactionCommitted } from './errors.js';
import { importBatchEntity } from './import-batch-entity.js';
import { afterMemberSet, type CustomerRecord, earningMarks, memberOf, memberSet, type RewardMemberRecord } from './rewards.js';
import { pauseBeforeRetry } from '../domain/backoff.js';

/**
 * The effects of an import batch's orders (functions/domain/order-effects.ts) written once: the seller's order
 * count, each customer's total spend and reward balance (with its member fields and index keys, on the same item),
 * and the part's checkpoint, in one transaction per part (docs/data-model.md, "Import batches").
 */

const MAX_ATTEMPTS = 8;
const SIDE_BY_SIDE = 4;
const pause = (attempt: number) => pauseBeforeRetry(attempt, 20);

/** A checkpoint as a later batch reads it. */
export interface Checkpoint {
  /** The run that wrote it. */
  runId?: string;
  /** Whether some of its part's report aggregates are not written yet (a crash after its transaction). */
  aggregatesDue: boolean;
}

/** The checkpoints among these that exist: their parts' effects are written (consistent BatchGet). */
export async function readCheckpoints(sellerId: string, batchIds: readonly string[]): Promise<Map<string, Checkpoint>> {
  if (batchIds.length === 0) return new Map();
  let keys = batchIds.map((batchId) => ({ sellerId, batchId }));
  const found = new Map<string, Checkpoint>();
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error('import checkpoints could not be read');
    if (attempt > 0) await pause(attempt);
    const { data, unprocessed } = await importBatchEntity().get(keys).go({ consistent: true, concurrency: SIDE_BY_SIDE });
    for (const b of data) {
      found.set(b.batchId, { runId: b.runId, aggregatesDue: (b.aggregates ?? 0) > (b.aggregatesDone?.length ?? 0) });
    }
    keys = unprocessed.map((k) => ({ sellerId, batchId: k.batchId }));
  }
  return found;
}

/** The checkpoints among these that exist, with the run that wrote each. */
export async function appliedBatches(sellerId: string, batchIds: readonly string[]): Promise<Map<string, string | undefined>> {
  return new Map([...(await readCheckpoints(sellerId, batchIds))].map(([id, c]) => [id, c.runId]));
}

/** What a part's write did to a customer's reward balance (for the reward-earned emails). */
export interface BalanceChange {
  customerId: string;
  before: number;
  after: number;
  /** The customer as the part's transaction left it (balance, `rewardRev`, member fields). */
  customer: CustomerRecord;
  member: RewardMemberRecord;
}

export interface PartResult {
  /** False when the checkpoint existed: another delivery of the batch wrote these effects. */
  applied: boolean;
  changes: BalanceChange[];
}

/** What a part's write reads first: its customers (their balances, `rewardRev` and member fields). */
export interface PartReads {
  customers: { data: CustomerRecord[]; unprocessed: unknown[] };
}

/**
 * Customers as this import last wrote (or found) them, by id: a later part takes a customer's balance, `rewardRev`
 * and member fields from here instead of reading it again. Safe because every balance write is conditional on
 * `rewardRev`: a customer changed by anyone else since cancels the transaction, which reads every customer again.
 */
export type KnownCustomers = Pick<Map<string, CustomerRecord>, 'get'>;

/**
 * Reads what `applyBatchEffects` needs for a part (nothing without points to set: every customer is taken to be
 * there, the patch's condition cancelling the transaction otherwise). A customer with points that `known` holds is
 * not read; the others are, in one consistent BatchGet.
 */
export async function readForEffects(
  sellerId: string,
  part: BatchEffects,
  goal: number | undefined,
  blind = true,
  known?: KnownCustomers,
): Promise<PartReads> {
  const ids = part.customers.map((c) => c.customerId);
  const withPoints = goal !== undefined ? part.customers.some((c) => c.points !== 0) : false;
  if (blind && !withPoints) return { customers: { data: ids.map((customerId) => ({ customerId }) as CustomerRecord), unprocessed: [] } };
  const cached = blind && known ? ids.flatMap((id) => known.get(id) ?? []) : [];
  const have = new Set(cached.map((c) => c.customerId));
  const unread = ids.filter((id) => !have.has(id));
  const read = unread.length
    ? await customerEntity().get(unread.map((customerId) => ({ sellerId, customerId }))).go({ consistent: true, concurrency: SIDE_BY_SIDE })
    : { data: [], unprocessed: [] };
  return { customers: { data: [...cached, ...read.data], unprocessed: read.unprocessed } };
}

/**
 * What a part read before the batch's earlier part was written, brought up to date with what that part wrote (the
 * balances, `rewardRev` and members of the customers both share): the later part's transaction then finds them as
 * it expects instead of being cancelled and reading them again. Anything else written meanwhile still cancels it.
 */
export function afterChanges(reads: PartReads, changes: readonly BalanceChange[]): PartReads {
  if (changes.length === 0) return reads;
  const byId = new Map(changes.map((c) => [c.customerId, c]));
  return { customers: { ...reads.customers, data: reads.customers.data.map((c) => byId.get(c.customerId)?.customer ?? c) } };
}

/**
 * Writes one part of a batch's effects under its checkpoint `batchId`, once: the checkpoint's conditional create,
 * ADD orderCount on the profile, and per customer ADD totalSpend and (points to change, `goal` given) the balance set
 * from the one read, never below 0, conditional on its `rewardRev`, with its member fields. Customers no longer there
 * (deleted, merged away) are left out. A transaction cancelled by a balance written meanwhile is read and tried again.
 * `first` is what `readForEffects` read for the first attempt.
 */
export async function applyBatchEffects(
  sellerId: string,
  batchId: string,
  part: BatchEffects,
  goal?: number,
  first?: Promise<PartReads>,
  runId?: string,
  /** The number of transactions that will write the part's report aggregates (`writeAggregatesOnce`). */
  aggregates?: number,
): Promise<PartResult> {
  for (let attempt = 1; ; attempt++) {
    const { customers } = attempt === 1 && first ? await first : await readForEffects(sellerId, part, goal, false);
    if (customers.unprocessed.length === 0) {
      const customerOf = new Map(customers.data.filter((c) => !c.mergedInto).map((c) => [c.customerId, c]));
      const at = new Date().toISOString();
      const changes: BalanceChange[] = [];
      const ok = await transactionCommitted(() =>
        createWriteTransaction(
          { consultant: consultantEntity(), customer: customerEntity(), importBatch: importBatchEntity() },
          (tx) => [
            tx.importBatch
              .create({ sellerId, batchId, orders: part.orderCount, customers: part.customers.length, ...(runId ? { runId } : {}), ...(aggregates ? { aggregates } : {}) })
              .commit(),
            ...(part.orderCount !== 0 ? [tx.consultant.patch({ sellerId }).add({ orderCount: part.orderCount }).commit()] : []),
            ...part.customers.flatMap((effect) => {
              const customer = customerOf.get(effect.customerId);
              if (!customer) return [];
              const key = { sellerId, customerId: customer.customerId };
              if (goal === undefined || effect.points === 0) {
                return effect.spend === 0 ? [] : [tx.customer.patch(key).add({ totalSpend: effect.spend }).commit()];
              }
              const before = customer.rewardBalance;
              const after = Math.max(0, roundPoints(before + effect.points));
              const marks = earningMarks(before, after, goal, at);
              const next = afterMemberSet(customer, after, marks);
              changes.push({ customerId: customer.customerId, before, after, customer: next, member: memberOf(next) });
              return [
                tx.customer
                  .patch(key)
                  .set(memberSet(customer, after, marks))
                  .add({ totalSpend: effect.spend })
                  .where((a, { eq, notExists }) => (customer.rewardRev === undefined ? notExists(a.rewardRev) : eq(a.rewardRev, customer.rewardRev)))
                  .commit(),
              ];
            }),
          ],
        ).go(),
      );
      if (ok) return { applied: true, changes };
    }
    if ((await appliedBatches(sellerId, [batchId])).has(batchId)) return { applied: false, changes: [] };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The effects of import batch ${batchId} could not be written`);
    await pause(attempt);
  }
}

