import { createWriteTransaction } from 'electrodb';
import type { Package } from '../../shared/domain/plans.js';
import { consultantEntity } from './entities.js';
import { applied, transactionCommitted, WriteConflict } from './errors.js';
import { billingEntity } from './payments.js';

/**
 * The plan a seller pays for from now on; any waiting downgrade is settled by it. `paid`: a subscription charge
 * for this plan and period has just succeeded, so it is the one paid for.
 */
export async function applyPlan(sellerId: string, plan: Package, annual: boolean, paid = false) {
  // One transaction: a plan applied but not marked paid would be charged again by the next "Pay and Start" (under a
  // new key, the profile having changed); written whole or not at all, a retry finds the first charge by its key.
  const written = await transactionCommitted(() =>
    createWriteTransaction({ profile: consultantEntity(), billing: billingEntity() }, ({ profile, billing }) => [
      profile.patch({ sellerId }).set({ package: plan, annual }).commit(),
      billing
        .update({ sellerId })
        .set(paid ? { paidPlan: plan, paidAnnual: annual } : {})
        .remove(['pendingPlan', 'pendingAnnual'])
        .commit(),
    ]).go(),
  );
  if (!written) throw new WriteConflict(`The plan of seller ${sellerId} was not applied`);
}

/** A lower plan or monthly billing, taken at the next charge (spec section 4). */
export async function schedulePlan(sellerId: string, plan: Package, annual: boolean) {
  await billingEntity().upsert({ sellerId, pendingPlan: plan, pendingAnnual: annual }).go();
}

/**
 * Claims the charge of a plan change to `target` decided from the profile as it was at `profileVersion` (its
 * updatedAt), until `until`: false when the profile has changed since (another change was made meanwhile) or a
 * change to another target holds an unexpired claim. The same target may hold it twice (a double click: its
 * charge's idempotency key makes it one charge). One transaction, so two changes sent at once cannot both pass.
 */
export async function claimPlanChange(sellerId: string, profileVersion: string, target: string, now: Date, until: Date): Promise<boolean> {
  return transactionCommitted(() =>
    createWriteTransaction({ profile: consultantEntity(), billing: billingEntity() }, ({ profile, billing }) => [
      profile.check({ sellerId }).where((a, { eq }) => eq(a.updatedAt, profileVersion)).commit(),
      billing
        .patch({ sellerId })
        .set({ planChangeTo: target, planChangeUntil: until.toISOString() })
        .where((a, { notExists, eq, lt }) => `${notExists(a.planChangeTo)} OR ${eq(a.planChangeTo, target)} OR ${lt(a.planChangeUntil, now.toISOString())}`)
        .commit(),
    ]).go(),
  );
}

/** Ends this change's claim (charged and made, or refused); a claim another target has taken since stays. */
export async function releasePlanChange(sellerId: string, target: string): Promise<void> {
  await applied(
    billingEntity()
      .update({ sellerId })
      .remove(['planChangeTo', 'planChangeUntil'])
      .where((a, { eq }) => eq(a.planChangeTo, target))
      .go(),
  );
}

/** The plan and period the seller is on and the profile's version, read consistently (after a claim was refused). */
export async function currentPlan(sellerId: string): Promise<{ package?: Package | null; annual?: boolean; updatedAt?: string } | null> {
  const { data } = await consultantEntity().get({ sellerId }).go({ consistent: true, attributes: ['package', 'annual', 'updatedAt'] });
  return data;
}
