import { createWriteTransaction } from 'electrodb';
import { fullName } from '../../shared/domain/format.js';
import { searchTerms } from '../../shared/domain/customer-search.js';
import { fieldsToFill } from '../domain/customer-merge.js';
import { customerMergeEntity, customerTermEntity } from './customer-index.js';
import { type CustomerRecord, getCustomer, getCustomers, termItems } from './customers.js';
import { customerEntity, orderEntity, consultantEntity } from './entities.js';
import { applied, checkWritten } from './errors.js';
import { DEFAULT_GOAL_COUNT } from '../../shared/domain/rewards-constants.js';
import { redeemCount } from '../../shared/domain/rewards.js';
import { getRewardSettings, memberIndexKeys } from './rewards.js';
import { settleEmailSuppressions, suppressionOf } from './suppressions.js';

export type MergeResult = { ok: true; customer: CustomerRecord } | { ok: false; reason: 'notFound' | 'conflict' };

/**
 * Merges customers into the kept one (spec: orders move, reward balances and total spend add up, the kept
 * customer's fields stay and its empty ones are filled, the merged customers are removed).
 *
 * Each merged customer goes through steps that can each be repeated: (1) it is marked `mergedInto` the kept one,
 * (2) its orders move one by one (a moved order is no longer found under it), (3) one transaction adds its balances
 * to the kept customer, fills the kept customer's fields, removes it and its search terms, and leaves a merge
 * record. A merge interrupted anywhere and run again therefore ends as if it had run once: balances are added in
 * the same transaction that removes the merged customer, so never twice, and a retry finds the merge record of a
 * customer already done.
 */
export async function mergeCustomers(sellerId: string, keptId: string, mergeIds: readonly string[]): Promise<MergeResult> {
  const ids = [...new Set(mergeIds)].filter((id) => id !== keptId);
  const kept = await getCustomer(sellerId, keptId);
  if (!kept || kept.mergedInto) return { ok: false, reason: 'notFound' };

  // Everything is checked before anything is written: one unknown id (another seller's) changes nothing.
  const live = await getCustomers(sellerId, ids);
  const liveIds = new Set(live.map((c) => c.customerId));
  for (const id of ids.filter((i) => !liveIds.has(i))) {
    const { data: done } = await customerMergeEntity().get({ sellerId, mergedId: id }).go();
    if (done?.keptId !== keptId) return { ok: false, reason: 'notFound' };
  }
  if (live.some((c) => c.mergedInto && c.mergedInto !== keptId)) return { ok: false, reason: 'conflict' };

  for (const merged of live) await mergeOne(sellerId, keptId, merged);
  const customer = await getCustomer(sellerId, keptId);
  if (!customer) return { ok: false, reason: 'notFound' };
  return { ok: true, customer };
}

async function mergeOne(sellerId: string, keptId: string, merged: CustomerRecord): Promise<void> {
  const mergedId = merged.customerId;
  if (!merged.mergedInto) {
    await customerEntity()
      .patch({ sellerId, customerId: mergedId })
      .set({ mergedInto: keptId })
      .where((a, { notExists, eq }) => `${notExists(a.mergedInto)} OR ${eq(a.mergedInto, keptId)}`)
      .go();
  }

  const kept = await getCustomer(sellerId, keptId);
  if (!kept) throw new Error('The kept customer disappeared during the merge');
  await moveOrders(sellerId, mergedId, keptId, fullName(kept));

  const current = await getCustomer(sellerId, mergedId);
  if (!current) return;
  const fill = fieldsToFill(kept, current);
  // The kept customer takes the merged one's address only when it had none: with that address's suppression, read
  // before the write and again after it (as createCustomer).
  const emailSuppression = fill.email ? await suppressionOf(sellerId, fill.email) : undefined;
  const keptAfter = { ...kept, ...fill };
  const keptTerms = termItems(sellerId, keptId, keptAfter);
  const goal = (await getRewardSettings(sellerId))?.goalCount ?? DEFAULT_GOAL_COUNT;
  const result = await createWriteTransaction(
    { customer: customerEntity(), customerTerm: customerTermEntity(), customerMerge: customerMergeEntity(), consultant: consultantEntity() },
    ({ customer, customerTerm, customerMerge, consultant }) => [
      customer
        .patch({ sellerId, customerId: keptId })
        // rewardRev moves with the balance: a rewards write that read the kept customer before is read again.
        .add({ rewardBalance: current.rewardBalance, totalSpend: current.totalSpend, rewardRev: 1, ...(current.rewardRedeemed ? { rewardRedeemed: current.rewardRedeemed } : {}) })
        .set({ ...fill, ...(emailSuppression ? { emailSuppression } : {}), ...mergedMember(sellerId, keptAfter, current, goal) })
        .where((a, { eq }) => eq(a.updatedAt, kept.updatedAt))
        .commit(),
      customer
        .delete({ sellerId, customerId: mergedId })
        .where((a, { eq }) => `${eq(a.mergedInto, keptId)} AND ${eq(a.updatedAt, current.updatedAt)}`)
        .commit(),
      ...searchTerms(current).map((term) => customerTerm.delete({ sellerId, term, customerId: mergedId }).commit()),
      ...(Object.keys(fill).length > 0 ? keptTerms.map((t) => customerTerm.put(t).commit()) : []),
      customerMerge.put({ sellerId, mergedId, keptId }).commit(),
      consultant.patch({ sellerId }).add({ customerCount: -1 }).commit(),
    ],
  ).go();
  checkWritten(result);
  if (fill.email) await settleEmailSuppressions(sellerId, [{ customerId: keptId, email: fill.email, emailSuppression }]);
}

/**
 * The rewards member the kept customer becomes (its member fields live on the customer item, docs/data-model.md
 * "Rewards points on the customer"): in the index at the summed balance when either was a member, with the later of
 * each mark (the redeems are added up by the caller's ADD). Nothing when neither was in the program. A reward the
 * two reach only together is earned now: its date shows, and the reminders count from it.
 */
function mergedMember(sellerId: string, kept: CustomerRecord, merged: CustomerRecord, goal: number) {
  if (!kept.rewardMembers && !merged.rewardMembers) return {};
  const name = `${kept.firstName} ${kept.lastName}`.trim();
  const later = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : (a ?? b));
  const balance = kept.rewardBalance + merged.rewardBalance;
  const earnedTogether = redeemCount(balance, goal) > redeemCount(kept.rewardBalance, goal) + redeemCount(merged.rewardBalance, goal);
  const marks = {
    rewardEarnedAt: earnedTogether ? new Date().toISOString().slice(0, 10) : later(kept.rewardEarnedAt, merged.rewardEarnedAt),
    rewardAlmostSince: later(kept.rewardAlmostSince, merged.rewardAlmostSince),
    rewardLastEarnAt: later(kept.rewardLastEarnAt, merged.rewardLastEarnAt),
    rewardLastRedeemAt: later(kept.rewardLastRedeemAt, merged.rewardLastRedeemAt),
  };
  return {
    ...memberIndexKeys(sellerId, kept.customerId, balance),
    rewardSearch: `${name} ${kept.email?.trim() ?? ''}`.toLowerCase(),
    ...Object.fromEntries(Object.entries(marks).filter(([, v]) => v !== undefined)),
  };
}

/** Moves every order of one customer to another. Each order is its own write; repeating it moves what is left. */
async function moveOrders(sellerId: string, fromId: string, toId: string, customerName: string): Promise<void> {
  for (;;) {
    const { data } = await orderEntity().query
      .byCustomer({ sellerId, customerId: fromId })
      .go({ limit: 100, attributes: ['orderId'] });
    if (data.length === 0) return;
    for (const { orderId } of data) {
      // Not applied when moved already (the index is read eventually consistent) or removed meanwhile.
      await applied(
        orderEntity()
          .patch({ sellerId, orderId })
          .set({ customerId: toId, customerName })
          .where((a, { eq }) => `${eq(a.customerId, fromId)} OR ${eq(a.customerId, toId)}`)
          .go(),
      );
    }
  }
}
