import type { Package } from '../../shared/domain/plans.js';
import { consultantEntity } from './entities.js';
import { billingEntity } from './payments.js';

/**
 * The plan a seller pays for from now on; any waiting downgrade is settled by it. `paid`: a subscription charge
 * for this plan and period has just succeeded, so it is the one paid for.
 */
export async function applyPlan(sellerId: string, plan: Package, annual: boolean, paid = false) {
  await consultantEntity().patch({ sellerId }).set({ package: plan, annual }).go();
  await billingEntity().upsert({ sellerId, ...(paid ? { paidPlan: plan, paidAnnual: annual } : {}) }).go();
  await billingEntity().update({ sellerId }).remove(['pendingPlan', 'pendingAnnual']).go();
}

/** A lower plan or monthly billing, taken at the next charge (spec section 4). */
export async function schedulePlan(sellerId: string, plan: Package, annual: boolean) {
  await billingEntity().upsert({ sellerId, pendingPlan: plan, pendingAnnual: annual }).go();
}
