import { createWriteTransaction } from 'electrodb';
import { balanceKey, becameAlmost, reachedGoal, redeemCount, roundPoints } from '../../shared/domain/rewards.js';
import type { GoalType, RewardIcon } from '../../shared/domain/rewards-constants.js';
import { customerEntity, rewardSettingsEntity, rewardShard, REWARD_PROGRAM_SHARDS } from './entities.js';
import { allProcessed, applied, isConditionFailure, transactionCommitted, withCursor } from './errors.js';
import { fulfilledRewardEntity, rewardJobRunEntity, rewardMemberView, rewardPointsEntity, rewardStatsEntity } from './reward-entities.js';
import { rewardSettingsKey } from './item-keys.js';
import { entityTogether } from './items-together.js';
import { filteredPageOf, type PageRequest, pageOf } from './table.js';
import { pauseBeforeRetry } from '../domain/backoff.js';

/**
 * The rewards program's reads and writes (docs/data-model.md, "Rewards"). Every change of a customer's
 * rewardBalance made here is one transaction, conditional on the customer's `rewardRev` being as read, whose update
 * of the customer also writes its member fields and index keys (the dashboard's and the job's index, on the customer
 * item itself) and that writes what caused the change (an order's points, a fulfilled reward): two changes at once
 * cannot lose one, and the index never disagrees with the balance.
 */

export type RewardSettingsRecord = NonNullable<Awaited<ReturnType<typeof getRewardSettings>>>;
export type PointsRecord = Awaited<ReturnType<typeof getPointsOfOrders>>[number];
export type CustomerRecord = NonNullable<Awaited<ReturnType<typeof readCustomer>>>;

/** The program's fields a seller sets (and the flags the program keeps). */
export interface ProgramFields {
  startDate: string;
  goalCount: number;
  goalType: GoalType;
  rewardText: string;
  icon: RewardIcon;
  active: boolean;
  announcementSent: boolean;
  sendRewardsEmail: boolean;
  /** The start date whose catch-up has finished (shared/domain/rewards.ts catchUpDue). */
  caughtUpFrom?: string;
}

/** The fields of a stored program with a start date, as a whole put writes them again. */
export function programFields(s: RewardSettingsRecord & { startDate: string }): ProgramFields {
  return {
    startDate: s.startDate,
    goalCount: s.goalCount,
    goalType: s.goalType,
    rewardText: s.rewardText ?? '',
    icon: s.icon,
    active: s.active,
    announcementSent: s.announcementSent,
    sendRewardsEmail: s.sendRewardsEmail,
    ...(s.caughtUpFrom ? { caughtUpFrom: s.caughtUpFrom } : {}),
  };
}

export async function getRewardSettings(sellerId: string, options: { consistent?: boolean } = {}) {
  if (options.consistent) return (await rewardSettingsEntity().get({ sellerId }).go({ consistent: true })).data ?? undefined;
  return (await entityTogether(rewardSettingsEntity(), rewardSettingsKey(sellerId))) ?? undefined;
}

/** The program's whole item: what the seller set, with its shard (the automatic index) and the plan flag cleared. */
const settingsItem = (sellerId: string, fields: ProgramFields) => ({ ...fields, sellerId, shard: rewardShard(sellerId), notAvailable: false });

/** Writes the whole program (never patched: the sparse automatic index is decided on the full item). */
export async function putRewardSettings(sellerId: string, fields: ProgramFields) {
  const { data } = await rewardSettingsEntity().put(settingsItem(sellerId, fields)).go();
  return data;
}

/**
 * Marks the program's catch-up done for its start date: the program as the catch-up read it, written again whole
 * with the mark, only if nobody saved it since (a save in between decides for itself whether one is still due).
 */
export async function markCaughtUp(sellerId: string, read: RewardSettingsRecord & { startDate: string }): Promise<boolean> {
  return applied(
    rewardSettingsEntity()
      .put(settingsItem(sellerId, { ...programFields(read), caughtUpFrom: read.startDate }))
      .where((a, { eq }) => eq(a.updatedAt, read.updatedAt))
      .go(),
  );
}

/** One page of one shard of the automatic programs (active, with reward emails): the daily job's list. */
export async function automaticPrograms(shard: number, cursor: string | null, limit = 100) {
  const { data, cursor: next } = await rewardSettingsEntity().query
    .automatic({ shard: String(shard).padStart(2, '0') })
    .go({ cursor, limit });
  return { programs: data, cursor: next };
}
export const PROGRAM_SHARDS = REWARD_PROGRAM_SHARDS;

async function readCustomer(sellerId: string, customerId: string) {
  const { data } = await customerEntity().get({ sellerId, customerId }).go({ consistent: true });
  return data ?? undefined;
}

/** A customer in the program as the dashboard, the daily job and the reward emails read it. */
export interface RewardMemberRecord {
  sellerId: string;
  customerId: string;
  name: string;
  email?: string;
  balance: number;
  /** Rewards redeemed so far. */
  redeemed: number;
  earnedAt?: string;
  almostSince?: string;
  lastEarnAt?: string;
  lastRedeemAt?: string;
}

/** The program's marks on a member (what a balance change or a redeem sets). */
export type MemberMarks = Partial<Pick<RewardMemberRecord, 'redeemed' | 'earnedAt' | 'almostSince' | 'lastEarnAt' | 'lastRedeemAt'>>;

/** The member fields a customer item (or the index's view of it) carries, as a member. */
interface MemberSource {
  sellerId: string;
  customerId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  rewardBalance?: number;
  rewardRedeemed?: number;
  rewardEarnedAt?: string;
  rewardAlmostSince?: string;
  rewardLastEarnAt?: string;
  rewardLastRedeemAt?: string;
}

export function memberOf(c: MemberSource): RewardMemberRecord {
  return {
    sellerId: c.sellerId,
    customerId: c.customerId,
    name: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim(),
    email: c.email?.trim() || undefined,
    balance: c.rewardBalance ?? 0,
    redeemed: c.rewardRedeemed ?? 0,
    earnedAt: c.rewardEarnedAt,
    almostSince: c.rewardAlmostSince,
    lastEarnAt: c.rewardLastEarnAt,
    lastRedeemAt: c.rewardLastRedeemAt,
  };
}

/** The customer as a member (undefined: never in the program). */
export async function getMember(sellerId: string, customerId: string, options: { consistent?: boolean } = {}) {
  const { data } = await customerEntity().get({ sellerId, customerId }).go({ consistent: options.consistent });
  return data?.rewardMembers ? memberOf(data) : undefined;
}

/** The index keys of a member: the seller's members partition, ordered by balance. */
export const memberIndexKeys = (sellerId: string, customerId: string, balance: number) => ({
  rewardMembers: `CONSULTANT#${sellerId}#REWARDMEMBERS`,
  rewardRank: `${balanceKey(balance)}#${customerId}`,
});

/**
 * What a change of the balance to `balance` sets on the customer: the balance and its revision, the member's index
 * keys and search text (who the customer is now) and the program's marks that changed.
 */
export function memberSet(customer: CustomerRecord, balance: number, marks: MemberMarks) {
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const email = customer.email?.trim() || undefined;
  return {
    rewardBalance: balance,
    rewardRev: (customer.rewardRev ?? 0) + 1,
    ...memberIndexKeys(customer.sellerId, customer.customerId, balance),
    rewardSearch: `${name} ${email ?? ''}`.toLowerCase(),
    ...(marks.redeemed !== undefined ? { rewardRedeemed: marks.redeemed } : {}),
    ...(marks.earnedAt !== undefined ? { rewardEarnedAt: marks.earnedAt } : {}),
    ...(marks.almostSince !== undefined ? { rewardAlmostSince: marks.almostSince } : {}),
    ...(marks.lastEarnAt !== undefined ? { rewardLastEarnAt: marks.lastEarnAt } : {}),
    ...(marks.lastRedeemAt !== undefined ? { rewardLastRedeemAt: marks.lastRedeemAt } : {}),
  };
}

/** The customer as it is after `memberSet`'s write (what a later write of the same import is conditional on). */
export function afterMemberSet(customer: CustomerRecord, balance: number, marks: MemberMarks): CustomerRecord {
  return { ...customer, ...memberSet(customer, balance, marks) };
}

/** The customer entity as a write transaction hands it to its writes. */
type WithCustomer = Parameters<Parameters<typeof createWriteTransaction<{ customer: ReturnType<typeof customerEntity> }, unknown, []>>[1]>[0];
/** The customer's balance set to `balance`, conditional on nobody having changed it since `customer` was read. */
function balanceWrite(tx: WithCustomer, customer: CustomerRecord, balance: number, marks: MemberMarks) {
  return tx.customer
    .patch({ sellerId: customer.sellerId, customerId: customer.customerId })
    .set(memberSet(customer, balance, marks))
    .where((a, { eq, notExists }) => (customer.rewardRev === undefined ? notExists(a.rewardRev) : eq(a.rewardRev, customer.rewardRev)))
    .commit();
}

/** The marks a balance change from `before` to `after` sets (a reward reached, almost there, points earned). */
export function earningMarks(before: number, after: number, goal: number, at: string): MemberMarks {
  const marks: MemberMarks = {};
  if (after > before) marks.lastEarnAt = at;
  if (reachedGoal(before, after, goal)) marks.earnedAt = today(at);
  if (becameAlmost(before, after, goal)) marks.almostSince = today(at);
  return marks;
}

const MAX_ATTEMPTS = 8;
/** Batch reads (100 keys each) and transactions of one call of many orders run this many at once. */
const SIDE_BY_SIDE = 4;
const pause = (attempt: number) => pauseBeforeRetry(attempt, 20);


const today = (at: string) => at.slice(0, 10);

/** What an order's points write did to its customer's balance. */
export interface PointsChange {
  changed: boolean;
  before: number;
  after: number;
  /** The customer as the write left it. */
  customer?: CustomerRecord;
  member?: RewardMemberRecord;
}

/** What has been credited for each of these orders (BatchGet; strongly consistent). */
export async function getPointsOfOrders(sellerId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const { data } = allProcessed(
    await rewardPointsEntity().get(orderIds.map((orderId) => ({ sellerId, orderId }))).go({ consistent: true, concurrency: SIDE_BY_SIDE }),
    'reward points were not read',
  );
  return data;
}

/**
 * Sets what an order has credited to `points` and changes the customer's balance by the difference, never below 0,
 * in one transaction conditional on the order's entry and the customer's balance being as read: writing the same
 * order again changes nothing, a cancelled order (points 0) takes back what it gave. `known` is the entry as a
 * batch read just found it (null: none), saving the first read.
 */
export async function setOrderPoints(
  sellerId: string,
  order: { orderId: string; orderNumber?: string; customerId: string },
  points: number,
  goal: number,
  known?: PointsRecord | null,
  fallback = 0,
): Promise<PointsChange> {
  for (let attempt = 1; ; attempt++) {
    const entry =
      attempt === 1 && known !== undefined
        ? (known ?? undefined)
        : ((await rewardPointsEntity().get({ sellerId, orderId: order.orderId }).go({ consistent: true })).data ?? undefined);
    // No entry yet: what the order item says it credited when an import created it.
    const credited = entry?.points ?? fallback;
    if (credited === points) return { changed: false, before: 0, after: 0 };
    const customer = await readCustomer(sellerId, order.customerId);
    if (!customer || customer.mergedInto) return { changed: false, before: 0, after: 0 };
    const before = customer.rewardBalance;
    const after = Math.max(0, roundPoints(before + points - credited));
    const at = new Date().toISOString();
    const marks = earningMarks(before, after, goal, at);
    const ok = await transactionCommitted(() =>
      createWriteTransaction(
        { customer: customerEntity(), rewardPoints: rewardPointsEntity() },
        (tx) => [
          tx.rewardPoints
            .put({ sellerId, orderId: order.orderId, orderNumber: order.orderNumber, customerId: customer.customerId, points, change: roundPoints(after - before), at })
            .where((a, { eq, notExists }) => (entry ? eq(a.points, entry.points) : notExists(a.points)))
            .commit(),
          balanceWrite(tx, customer, after, marks),
        ],
      ).go(),
    );
    if (ok) {
      const next = afterMemberSet(customer, after, marks);
      return { changed: true, before, after, customer: next, member: memberOf(next) };
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The points of order ${order.orderId} kept changing`);
    await pause(attempt);
  }
}

/** One order's points to set, with its entry as a batch read found it (null: none). */
export interface OrderPointsWrite {
  order: { orderId: string; orderNumber?: string; customerId: string };
  points: number;
  known: PointsRecord | null;
  /** What the order credited without an entry (an imported order's own `rewardPoints`). */
  credited?: number;
}

/** What a batch of orders did to each customer's balance. */
export interface CustomerPointsChange {
  customerId: string;
  before: number;
  after: number;
  /** The customer as the write left it. */
  customer: CustomerRecord;
  member: RewardMemberRecord;
}

/** DynamoDB takes at most 100 items per transaction; each customer adds its balance (with its member fields). */
const TX_ITEMS = 100;

/**
 * setOrderPoints for many orders at once (an import's batch): the customers and members in batch reads, then
 * transactions of up to 100 items, whole customers each (every condition as in setOrderPoints), side by side, so
 * an imported batch costs a few rounds of calls rather than a few calls per order. A transaction DynamoDB cancels
 * (a write raced one of them) is done again order by order, each with its own reads and retries.
 */
export async function setPointsOfOrders(sellerId: string, writes: readonly OrderPointsWrite[], goal: number): Promise<CustomerPointsChange[]> {
  // One write per order (a transaction may not name an item twice): the last one wins.
  const last = new Map(writes.map((w) => [w.order.orderId, w]));
  const creditedBy = (w: OrderPointsWrite) => w.known?.points ?? w.credited ?? 0;
  const due = [...last.values()].filter((w) => creditedBy(w) !== w.points);
  if (due.length === 0) return [];
  const ids = [...new Set(due.map((w) => w.order.customerId))];
  const customers = await customerEntity().get(ids.map((customerId) => ({ sellerId, customerId }))).go({ consistent: true, concurrency: SIDE_BY_SIDE });
  if (customers.unprocessed.length > 0) return oneByOne(sellerId, due, goal);
  const customerOf = new Map(customers.data.filter((c) => !c.mergedInto).map((c) => [c.customerId, c]));
  const at = new Date().toISOString();
  const groups: { change: CustomerPointsChange; read: CustomerRecord; marks: MemberMarks; entries: { w: OrderPointsWrite; change: number }[] }[] = [];
  for (const customerId of ids) {
    const customer = customerOf.get(customerId);
    if (!customer) continue;
    const before = customer.rewardBalance;
    let balance = before;
    const entries = due
      .filter((w) => w.order.customerId === customerId)
      .map((w) => {
        const next = Math.max(0, roundPoints(balance + w.points - creditedBy(w)));
        const change = roundPoints(next - balance);
        balance = next;
        return { w, change };
      });
    const marks = earningMarks(before, balance, goal, at);
    const next = afterMemberSet(customer, balance, marks);
    groups.push({ change: { customerId, before, after: balance, customer: next, member: memberOf(next) }, read: customer, marks, entries });
  }
  // Transactions of whole customers (a transaction may not name an item twice), up to 100 items each; they name
  // different customers, so they run side by side without racing each other.
  const batches: (typeof groups)[] = [];
  const alone: typeof groups = [];
  let size = TX_ITEMS;
  for (const group of groups) {
    const items = group.entries.length + 1;
    if (items > TX_ITEMS) {
      alone.push(group);
      continue;
    }
    if (size + items > TX_ITEMS) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)?.push(group);
    size += items;
  }
  const changes: CustomerPointsChange[] = [];
  const commit = async (current: typeof groups) => {
    const ok = await transactionCommitted(() =>
      createWriteTransaction(
        { customer: customerEntity(), rewardPoints: rewardPointsEntity() },
        (tx) =>
        current.flatMap(({ change, read, marks, entries }) => [
          ...entries.map(({ w, change: c }) =>
            tx.rewardPoints
              .put({ sellerId, orderId: w.order.orderId, orderNumber: w.order.orderNumber, customerId: change.customerId, points: w.points, change: c, at })
              .where((a, { eq, notExists }) => (w.known ? eq(a.points, w.known.points) : notExists(a.points)))
              .commit(),
          ),
          balanceWrite(tx, read, change.after, marks),
        ]),
      ).go(),
    );
    if (ok) changes.push(...current.map((g) => g.change));
    else changes.push(...(await oneByOne(sellerId, current.flatMap((g) => g.entries.map((e) => e.w)), goal)));
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SIDE_BY_SIDE, batches.length) }, async () => {
      while (next < batches.length) await commit(batches[next++] as typeof groups);
    }),
  );
  for (const group of alone) changes.push(...(await oneByOne(sellerId, group.entries.map((e) => e.w), goal)));
  return changes;
}

/** The orders one at a time (setOrderPoints reads again and retries), summed per customer. */
async function oneByOne(sellerId: string, writes: readonly OrderPointsWrite[], goal: number): Promise<CustomerPointsChange[]> {
  const byCustomer = new Map<string, CustomerPointsChange>();
  for (const w of writes) {
    const c = await setOrderPoints(sellerId, w.order, w.points, goal, undefined, w.credited ?? 0);
    if (!c.changed || !c.customer || !c.member) continue;
    const seen = byCustomer.get(c.customer.customerId);
    byCustomer.set(c.customer.customerId, {
      customerId: c.customer.customerId,
      before: seen?.before ?? c.before,
      after: c.after,
      customer: c.customer,
      member: c.member,
    });
  }
  return [...byCustomer.values()];
}

export type AdjustResult = { ok: true; rewardBalance: number } | { ok: false; reason: 'notFound' | 'belowZero' };

/**
 * Adds `amount` (negative to take away) to the balance; refused below 0 (spec section 5). With a request key the
 * adjustment's entry is named by it, so the same key adds its points once, in sequence or at once; without one
 * (the operator's and the tests' adjustments) every call is its own.
 */
export async function adjustBalance(sellerId: string, customerId: string, amount: number, goal?: number, requestKey?: string): Promise<AdjustResult> {
  const entryId = `adjustment-${requestKey ?? crypto.randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    const [customer, done] = await Promise.all([
      readCustomer(sellerId, customerId),
      requestKey ? rewardPointsEntity().get({ sellerId, orderId: entryId }).go({ consistent: true }) : undefined,
    ]);
    if (!customer) return { ok: false, reason: 'notFound' };
    if (done?.data) return { ok: true, rewardBalance: customer.rewardBalance };
    const after = roundPoints(customer.rewardBalance + amount);
    if (after < 0) return { ok: false, reason: 'belowZero' };
    const at = new Date().toISOString();
    // With a program running, points added by hand mark a reward reached (its date earned) as an order's do.
    const marks: MemberMarks = goal ? earningMarks(customer.rewardBalance, after, goal, at) : amount > 0 ? { lastEarnAt: at } : {};
    const ok = await transactionCommitted(() =>
      createWriteTransaction(
        { customer: customerEntity(), rewardPoints: rewardPointsEntity() },
        (tx) => [
          balanceWrite(tx, customer, after, marks),
          tx.rewardPoints
            .create({ sellerId, orderId: entryId, kind: 'adjustment', customerId, points: amount, change: amount, at })
            .commit(),
        ],
      ).go(),
    );
    if (ok) return { ok: true, rewardBalance: after };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The balance of customer ${customerId} kept changing`);
    await pause(attempt);
  }
}

export type RedeemResult =
  | { ok: true; rewardBalance: number; repeated: boolean; goal: number }
  | { ok: false; reason: 'notFound' | 'nothingToRedeem' };

/**
 * Takes one goal from the balance and records the fulfilled reward under the request key, in one transaction: the
 * reward's create is conditional, so the same key redeems once, in sequence or at once.
 */
export async function redeem(
  sellerId: string,
  customerId: string,
  requestKey: string,
  program: { goalCount: number; rewardText: string; icon: RewardIcon },
): Promise<RedeemResult> {
  for (let attempt = 1; ; attempt++) {
    const [customer, done] = await Promise.all([
      readCustomer(sellerId, customerId),
      fulfilledRewardEntity().get({ sellerId, customerId, requestKey }).go({ consistent: true }),
    ]);
    if (!customer) return { ok: false, reason: 'notFound' };
    if (done.data) return { ok: true, rewardBalance: customer.rewardBalance, repeated: true, goal: done.data.goalCount };
    const goal = program.goalCount;
    if (redeemCount(customer.rewardBalance, goal) < 1) {
      // The two reads ran side by side: a redeem under this very key may have committed between them (the balance
      // read after it, the key before), so the key is read again before answering that nothing can be redeemed.
      const again = await fulfilledRewardEntity().get({ sellerId, customerId, requestKey }).go({ consistent: true });
      if (again.data) return { ok: true, rewardBalance: customer.rewardBalance, repeated: true, goal: again.data.goalCount };
      return { ok: false, reason: 'nothingToRedeem' };
    }
    const after = roundPoints(customer.rewardBalance - goal);
    const at = new Date().toISOString();
    const member = memberOf(customer);
    const marks: MemberMarks = { redeemed: member.redeemed + 1, lastRedeemAt: at };
    const ok = await transactionCommitted(() =>
      createWriteTransaction(
        { customer: customerEntity(), fulfilledReward: fulfilledRewardEntity(), rewardStats: rewardStatsEntity() },
        (tx) => [
          tx.fulfilledReward
            .create({
              sellerId,
              customerId,
              requestKey,
              name: member.name,
              rewardText: program.rewardText,
              icon: program.icon,
              goalCount: goal,
              dateEarned: member.earnedAt ?? today(at),
              fulfilledAt: at,
            })
            .commit(),
          balanceWrite(tx, customer, after, marks),
          tx.rewardStats.update({ sellerId }).add({ giftsEarned: 1 }).commit(),
        ],
      ).go(),
    );
    if (ok) return { ok: true, rewardBalance: after, repeated: false, goal };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The balance of customer ${customerId} kept changing`);
    await pause(attempt);
  }
}

/** The dashboard: the seller's members, highest balance first, optionally whose name or email contains `q`. */
export async function listMembers(sellerId: string, options: PageRequest & { q?: string } = {}) {
  const q = options.q?.trim().toLowerCase();
  const { data, cursor } = await withCursor(() =>
    q
      ? rewardMemberView().query
          .byBalance({ sellerId })
          .where((a, { contains }) => contains(a.rewardSearch, q))
          .go({ ...filteredPageOf(sellerId, options), order: 'desc' })
      : rewardMemberView().query.byBalance({ sellerId }).go({ ...pageOf(sellerId, options), order: 'desc' }),
  );
  return { members: data.map(memberOf), cursor: cursor ?? undefined };
}

/** Members whose balance is at least `min` (and below `below`, when given), a page at a time: the daily job. */
export async function membersFrom(sellerId: string, min: number, below: number | undefined, cursor: string | null, limit = 100) {
  const query = rewardMemberView().query.byBalance({ sellerId }).gte({ balanceKey: balanceKey(min) });
  const { data, cursor: next } = await (below === undefined ? query : query.where((a, { lt }) => lt(a.rewardBalance, below))).go({ cursor, limit });
  return { members: data.map(memberOf), cursor: next };
}

/** The seller's latest fulfilled rewards, or one customer's. */
export async function listFulfilled(sellerId: string, options: PageRequest & { customerId?: string } = {}) {
  const { data, cursor } = await withCursor(() =>
    options.customerId
      ? fulfilledRewardEntity().query.byCustomer({ sellerId, customerId: options.customerId }).go({ ...pageOf(sellerId, options), order: 'desc' })
      : fulfilledRewardEntity().query.latest({ sellerId }).go({ ...pageOf(sellerId, options), order: 'desc' }),
  );
  return { rewards: data, cursor: cursor ?? undefined };
}

/** A customer's credited orders, newest first. */
export async function listPointsOfCustomer(sellerId: string, customerId: string, limit = 50) {
  const { data } = await rewardPointsEntity().query.byCustomer({ sellerId, customerId }).go({ limit, order: 'desc' });
  return data;
}

export async function giftsEarned(sellerId: string): Promise<number> {
  const { data } = await rewardStatsEntity().get({ sellerId }).go();
  return data?.giftsEarned ?? 0;
}

/** Whether the daily job already queued a seller's messages that day. */
export async function jobRanOn(sellerId: string, day: string): Promise<boolean> {
  const { data } = await rewardJobRunEntity().get({ sellerId, day }).go({ consistent: true });
  return !!data;
}

/** Marks the day's run done; false when another run marked it first. */
export async function markJobRun(sellerId: string, day: string, messages: number): Promise<boolean> {
  const expiresAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 3 * 24 * 3600;
  try {
    await rewardJobRunEntity().create({ sellerId, day, messages, expiresAt }).go();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
