import { createWriteTransaction } from 'electrodb';
import { monthKey } from '../../shared/domain/shipping-usage.js';
import { coalesced } from './coalesce.js';
import { applied, WriteConflict } from './errors.js';
import { postageKey, shipmentMonthKey } from './item-keys.js';
import { entityTogether } from './items-together.js';
import { orderEntity } from './entities.js';
import { labelEntity, postageEntity, shipmentMonthEntity } from './shipping-entities.js';

export type Label = NonNullable<Awaited<ReturnType<typeof getLabel>>>;
export type NewLabel = Omit<Label, 'sellerId' | 'status' | 'createdAt' | 'updatedAt'>;

/** The balance of a seller who has never had postage: nothing, and the default threshold. */
export const defaultPostage = (sellerId: string) => ({ sellerId, balanceCents: 0, thresholdCents: 1000, rechargeSeq: 0 });

/** The balance, read with the turn's other items (the homepage's reads beside the plan gate's). */
export async function getPostage(sellerId: string) {
  return (await entityTogether(postageEntity(), postageKey(sellerId))) ?? defaultPostage(sellerId);
}

/** Adds money to the balance, creating the balance item on the first credit. */
export async function creditPostage(sellerId: string, cents: number) {
  if (await applied(postageEntity().create({ sellerId, balanceCents: cents }).go())) return;
  await postageEntity().patch({ sellerId }).add({ balanceCents: cents }).go();
}

/**
 * Credits recharge number `seq` once: the balance grows only if no one credited this recharge yet (concurrent
 * purchases that all saw the balance run low charge the same idempotency key and credit once).
 */
export async function creditRecharge(sellerId: string, seq: number, cents: number): Promise<boolean> {
  if (seq === 0 && (await applied(postageEntity().create({ sellerId, balanceCents: cents, rechargeSeq: 1 }).go()))) return true;
  return applied(
    postageEntity()
      .patch({ sellerId })
      .add({ balanceCents: cents, rechargeSeq: 1 })
      .where(({ rechargeSeq }, { eq }) => eq(rechargeSeq, seq))
      .go(),
  );
}

export async function getLabel(sellerId: string, labelId: string, options: { consistent?: boolean } = {}) {
  const { data } = await labelEntity().get({ sellerId, labelId }).go(options);
  return data;
}

/** Each item's own answer, an error for that one alone. */
const settledEach = async <I, O>(items: readonly I[], one: (item: I) => Promise<O>): Promise<(O | Error)[]> =>
  (await Promise.allSettled(items.map(one))).map((r) =>
    r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason)),
  );

type Claim = { sellerId: string; orderId: string; labelId: string; until: Date };
type OrderCondition = Parameters<ReturnType<ReturnType<ReturnType<typeof orderEntity>['patch']>['set']>['where']>[0];

/** A claim's condition: the order has no label and no other purchase holds it, or that purchase's claim ran out. */
const claimable =
  (now: string): OrderCondition =>
  ({ labelId: bought, labelClaim, labelClaimUntil }, { notExists, lt }) =>
    `${notExists(bought)} AND (${notExists(labelClaim)} OR ${lt(labelClaimUntil, now)})`;

/** A transaction's most items: one order each. */
const CLAIMS_TOGETHER = 50;

/**
 * The claims of this turn (a batch's labels bought side by side) in one transaction, each with the condition a
 * claim alone has (the order has no label and no other purchase holds it, or that purchase's claim ran out);
 * cancelled (an order taken, a collision), each is tried alone, which gives each its own answer.
 */
const claimTogether = coalesced(async (claims: Claim[]): Promise<(boolean | Error)[]> => {
  const now = new Date().toISOString();
  const alone = () =>
    settledEach(claims, (c) =>
      applied(
        orderEntity()
          .patch({ sellerId: c.sellerId, orderId: c.orderId })
          .set({ labelClaim: c.labelId, labelClaimUntil: c.until.toISOString() })
          .where(claimable(now))
          .go(),
      ),
    );
  if (claims.length === 1 || new Set(claims.map((c) => `${c.sellerId}\u0000${c.orderId}`)).size < claims.length) return alone();
  const result = await createWriteTransaction(
    { order: orderEntity() },
    ({ order }) =>
    claims.map((c) =>
      order
        .patch({ sellerId: c.sellerId, orderId: c.orderId })
        .set({ labelClaim: c.labelId, labelClaimUntil: c.until.toISOString() })
        .where(claimable(now))
        .commit(),
    ),
  ).go();
  return result.canceled ? alone() : claims.map(() => true);
}, CLAIMS_TOGETHER);

/**
 * Claims an order for one label purchase before the carrier is asked: the order has no label and no other
 * purchase holds it (or that purchase's claim ran out, its process gone). False when the order is taken. The
 * claims of one turn are written together (claimTogether).
 */
export function claimOrderForLabel(sellerId: string, orderId: string, labelId: string, until: Date): Promise<boolean> {
  return claimTogether({ sellerId, orderId, labelId, until });
}

/** Lets the order go when the purchase that claimed it did not happen (the carrier refused, the money ran out). */
export async function releaseOrderClaim(sellerId: string, orderId: string, labelId: string): Promise<void> {
  await applied(
    orderEntity()
      .patch({ sellerId, orderId })
      .remove(['labelClaim', 'labelClaimUntil'])
      .where(({ labelClaim }, { eq }) => eq(labelClaim, labelId))
      .go(),
  );
}

/** Recorded: the label as written (no read back needed). Refused: why. */
export type RecordOutcome = { ok: true; label: Label } | { ok: false; reason: 'duplicate' | 'insufficient' | 'orderTaken' };

/**
 * The label item a purchase's transaction writes, created at the purchase's time (its stored updatedAt is the moment
 * the transaction was built, milliseconds later; nothing reads a new label's updatedAt).
 */
const writtenLabel = (sellerId: string, label: NewLabel, at: Date): Label => ({
  ...label,
  sellerId,
  status: 'bought',
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
});

/**
 * One transaction: the label (created only if its id is new), the debit (only if the balance covers it, so it
 * never goes below zero) and the order's tracking (only while this purchase holds the order's claim and it has no
 * label, so an order never has two live labels). Either all of it happens or none.
 */
async function recordOne(sellerId: string, label: NewLabel, at: Date): Promise<RecordOutcome> {
  const result = await createWriteTransaction(
    { label: labelEntity(), postage: postageEntity(), order: orderEntity(), shipmentMonth: shipmentMonthEntity() },
    ({ label: labels, postage, order, shipmentMonth }) => [
      labels.create({ ...label, sellerId, createdAt: at.toISOString() }).commit(),
      postage
        .patch({ sellerId })
        .subtract({ balanceCents: label.amountCents })
        .where(({ balanceCents }, { gte }) => gte(balanceCents, label.amountCents))
        .commit(),
      order
        .patch({ sellerId, orderId: label.orderId })
        .set({
          status: 'shipped',
          carrier: label.carrier,
          service: label.serviceName,
          trackingNumber: label.trackingNumber,
          labelId: label.labelId,
        })
        .remove(['labelClaim', 'labelClaimUntil'])
        .where(({ labelClaim, labelId }, { eq, notExists }) => `${eq(labelClaim, label.labelId)} AND ${notExists(labelId)}`)
        .commit(),
      shipmentMonth.upsert({ sellerId, month: monthKey(at) }).add({ shipments: 1 }).commit(),
    ],
  ).go();
  if (!result.canceled) return { ok: true, label: writtenLabel(sellerId, label, at) };
  const codes = result.data.map((r) => r.rejected && r.code);
  const [labelResult, debitResult] = codes;
  // A conflict with another transaction on the same balance is not an answer: the caller retries.
  if (codes.some((c) => c && c !== 'ConditionalCheckFailed'))
    throw new WriteConflict('The label purchase collided with another write');
  if (labelResult) return { ok: false, reason: 'duplicate' };
  if (debitResult) return { ok: false, reason: 'insufficient' };
  return { ok: false, reason: 'orderTaken' };
}

/** Voids a bought label and refunds its amount in one transaction; a second void changes nothing. */
export async function recordVoid(sellerId: string, label: Label): Promise<boolean> {
  const result = await createWriteTransaction(
    { label: labelEntity(), postage: postageEntity(), order: orderEntity() },
    ({ label: labels, postage, order }) => [
      labels
        .patch({ sellerId, labelId: label.labelId })
        .set({ status: 'voided' })
        .where(({ status }, { eq }) => eq(status, 'bought'))
        .commit(),
      postage.patch({ sellerId }).add({ balanceCents: label.amountCents }).commit(),
      order
        .patch({ sellerId, orderId: label.orderId })
        .set({ status: 'unshipped' })
        .remove(['trackingNumber', 'labelId', 'carrier', 'service'])
        .commit(),
    ],
  ).go();
  return !result.canceled;
}

/**
 * Shipments bought in the month (YYYY-MM, UTC), as the plan's allowance counts them (a voided label still counts);
 * read with the turn's other items.
 */
export async function shipmentsIn(sellerId: string, month: string): Promise<number> {
  return (await entityTogether(shipmentMonthEntity(), shipmentMonthKey(sellerId, month)))?.shipments ?? 0;
}

type Purchase = { sellerId: string; label: NewLabel; at: Date };

/** A transaction's most items: two per label and the two shared ones (balance, month) stay under DynamoDB's 100. */
const PURCHASES_TOGETHER = 49;

/**
 * Purchases of one seller and month recorded in this turn (a batch's labels bought side by side) go in one
 * transaction: every label and order as recordOne writes them, the balance debited once by their sum (only if it
 * covers the sum) and the month's count by their number. These are the items every purchase of the seller writes,
 * so one transaction for many takes the collisions between them away. Cancelled (a label that exists, an order
 * taken, a balance short of the sum, a collision), each is recorded alone, which gives each its own answer. The
 * turns' groups are written one after another (`oneAtATime`): the purchases that come while one is written join
 * the next, rather than a transaction of their own colliding with it on the balance.
 */
async function recordGroup(group: Purchase[]): Promise<(RecordOutcome | Error)[]> {
  const alone = () => settledEach(group, (p) => recordOne(p.sellerId, p.label, p.at));
  const distinct = new Set(group.map((p) => p.label.labelId)).size === group.length && new Set(group.map((p) => p.label.orderId)).size === group.length;
  if (group.length === 1 || !distinct) return alone();
  const [{ sellerId, at }] = group as [Purchase];
  const total = group.reduce((sum, p) => sum + p.label.amountCents, 0);
  const result = await createWriteTransaction(
    { label: labelEntity(), postage: postageEntity(), order: orderEntity(), shipmentMonth: shipmentMonthEntity() },
    ({ label: labels, postage, order, shipmentMonth }) => [
      ...group.flatMap(({ label, at: labelAt }) => [
        labels.create({ ...label, sellerId, createdAt: labelAt.toISOString() }).commit(),
        order
          .patch({ sellerId, orderId: label.orderId })
          .set({ status: 'shipped', carrier: label.carrier, service: label.serviceName, trackingNumber: label.trackingNumber, labelId: label.labelId })
          .remove(['labelClaim', 'labelClaimUntil'])
          .where(({ labelClaim, labelId }, { eq, notExists }) => `${eq(labelClaim, label.labelId)} AND ${notExists(labelId)}`)
          .commit(),
      ]),
      postage
        .patch({ sellerId })
        .subtract({ balanceCents: total })
        .where(({ balanceCents }, { gte }) => gte(balanceCents, total))
        .commit(),
      shipmentMonth.upsert({ sellerId, month: monthKey(at) }).add({ shipments: group.length }).commit(),
    ],
  ).go();
  return result.canceled ? alone() : group.map((p) => ({ ok: true, label: writtenLabel(sellerId, p.label, p.at) }) as const);
}

const recordTogether = coalesced(async (purchases: Purchase[]): Promise<(RecordOutcome | Error)[]> => {
  const groups = new Map<string, number[]>();
  for (const [i, p] of purchases.entries()) {
    const key = `${p.sellerId}\u0000${monthKey(p.at)}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const answers: (RecordOutcome | Error)[] = new Array(purchases.length);
  await Promise.all(
    [...groups.values()].map(async (indexes) => {
      const group = indexes.map((i) => purchases[i] as Purchase);
      const got = await recordGroup(group).catch((err: unknown) => group.map(() => (err instanceof Error ? err : new Error(String(err)))));
      for (const [j, i] of indexes.entries()) answers[i] = got[j] as RecordOutcome | Error;
    }),
  );
  return answers;
}, PURCHASES_TOGETHER, { oneAtATime: true });

/**
 * One transaction: the label (created only if its id is new), the debit (only if the balance covers it, so it
 * never goes below zero) and the order's tracking (only while this purchase holds the order's claim and it has no
 * label, so an order never has two live labels). Either all of it happens or none. The seller's other purchases
 * of this turn join it (recordGroup).
 */
export function recordPurchase(sellerId: string, label: NewLabel, at = new Date()): Promise<RecordOutcome> {
  return recordTogether({ sellerId, label, at });
}
