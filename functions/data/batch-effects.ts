import { becameAlmost, reachedGoal, roundPoints } from '../../shared/domain/rewards.js';
import type { BatchEffects } from '../domain/order-effects.js';
import { customerEntity } from './entities.js';
import { transactionCommitted } from './errors.js';
import { importBatchEntity } from './import-batch-entity.js';
import { rewardMemberEntity } from './reward-entities.js';
import { type CustomerRecord, memberItem, type RewardMemberRecord } from './rewards.js';
import { desk } from './service.js';

/**
 * The effects of an import batch's orders (functions/domain/order-effects.ts) written once: the seller's order
 * count, each customer's total spend and reward balance (with the rewards member that indexes it), and the part's
 * checkpoint, in one transaction per part (docs/data-model.md, "Import batches").
 */

const MAX_ATTEMPTS = 8;
const SIDE_BY_SIDE = 4;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
const today = (at: string) => at.slice(0, 10);

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
    const { data, unprocessed } = await importBatchEntity.get(keys).go({ consistent: true, concurrency: SIDE_BY_SIDE });
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
  customer: CustomerRecord;
  member: ReturnType<typeof memberItem>;
}

export interface PartResult {
  /** False when the checkpoint existed: another delivery of the batch wrote these effects. */
  applied: boolean;
  changes: BalanceChange[];
}

/** What a part's write reads first: its customers (their balances and `rewardRev`) and their rewards members. */
export interface PartReads {
  customers: { data: CustomerRecord[]; unprocessed: unknown[] };
  members: { data: RewardMemberRecord[]; unprocessed: unknown[] };
}

/**
 * Reads what `applyBatchEffects` needs for a part (nothing without points to set: every customer is taken to be
 * there, the patch's condition cancelling the transaction otherwise). Started before the part's orders are put, so
 * the reads run beside the batch writes.
 */
export async function readForEffects(sellerId: string, part: BatchEffects, goal: number | undefined, blind = true): Promise<PartReads> {
  const ids = part.customers.map((c) => c.customerId);
  const withPoints = goal !== undefined ? part.customers.filter((c) => c.points !== 0).map((c) => c.customerId) : [];
  const [customers, members] = await Promise.all([
    blind && withPoints.length === 0
      ? { data: ids.map((customerId) => ({ customerId }) as CustomerRecord), unprocessed: [] }
      : customerEntity.get(ids.map((customerId) => ({ sellerId, customerId }))).go({ consistent: true, concurrency: SIDE_BY_SIDE }),
    withPoints.length
      ? rewardMemberEntity.get(withPoints.map((customerId) => ({ sellerId, customerId }))).go({ consistent: true, concurrency: SIDE_BY_SIDE })
      : { data: [], unprocessed: [] },
  ]);
  return { customers, members };
}

/**
 * What a part read before the batch's earlier part was written, brought up to date with what that part wrote (the
 * balances, `rewardRev` and members of the customers both share): the later part's transaction then finds them as
 * it expects instead of being cancelled and reading them again. Anything else written meanwhile still cancels it.
 */
export function afterChanges(reads: PartReads, changes: readonly BalanceChange[]): PartReads {
  if (changes.length === 0) return reads;
  const byId = new Map(changes.map((c) => [c.customerId, c]));
  return {
    customers: {
      ...reads.customers,
      data: reads.customers.data.map((c) => {
        const change = byId.get(c.customerId);
        return change ? { ...change.customer, rewardBalance: change.after, rewardRev: (change.customer.rewardRev ?? 0) + 1 } : c;
      }),
    },
    members: {
      ...reads.members,
      data: [
        ...reads.members.data.filter((m) => !byId.has(m.customerId)),
        ...reads.customers.data.flatMap((c) => {
          const change = byId.get(c.customerId);
          return change ? [change.member as RewardMemberRecord] : [];
        }),
      ],
    },
  };
}

/**
 * Writes one part of a batch's effects under its checkpoint `batchId`, once: the checkpoint's conditional create,
 * ADD orderCount on the profile, and per customer ADD totalSpend and (points to change, `goal` given) the balance set
 * from the one read, never below 0, conditional on its `rewardRev`, with the member item. Customers no longer there
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
    const { customers, members } = attempt === 1 && first ? await first : await readForEffects(sellerId, part, goal, false);
    if (customers.unprocessed.length === 0 && members.unprocessed.length === 0) {
      const customerOf = new Map(customers.data.filter((c) => !c.mergedInto).map((c) => [c.customerId, c]));
      const memberOf = new Map<string, RewardMemberRecord>(members.data.map((m) => [m.customerId, m]));
      const at = new Date().toISOString();
      const changes: BalanceChange[] = [];
      const ok = await transactionCommitted(() =>
        desk.transaction
          .write((tx) => [
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
              const marks: Partial<RewardMemberRecord> = {};
              if (after > before) marks.lastEarnAt = at;
              if (reachedGoal(before, after, goal)) marks.earnedAt = today(at);
              if (becameAlmost(before, after, goal)) marks.almostSince = today(at);
              const member = memberItem(customer, memberOf.get(customer.customerId), after, marks);
              changes.push({ customerId: customer.customerId, before, after, customer, member });
              return [
                tx.customer
                  .patch(key)
                  .set({ rewardBalance: after, rewardRev: (customer.rewardRev ?? 0) + 1 })
                  .add({ totalSpend: effect.spend })
                  .where((a, { eq, notExists }) => (customer.rewardRev === undefined ? notExists(a.rewardRev) : eq(a.rewardRev, customer.rewardRev)))
                  .commit(),
                tx.rewardMember.put(member).commit(),
              ];
            }),
          ])
          .go(),
      );
      if (ok) return { applied: true, changes };
    }
    if ((await appliedBatches(sellerId, [batchId])).has(batchId)) return { applied: false, changes: [] };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The effects of import batch ${batchId} could not be written`);
    await pause(attempt);
  }
}

