import type { Package } from '../../shared/domain/plans.js';
import { consultantEntity } from './entities.js';
import { billingEntity } from './payments.js';

/** The plan a seller pays for from now on; any waiting downgrade is settled by it. */
export async function applyPlan(sellerId: string, plan: Package, annual: boolean) {
  await consultantEntity.patch({ sellerId }).set({ package: plan, annual }).go();
  await billingEntity.upsert({ sellerId }).go();
  await billingEntity.update({ sellerId }).remove(['pendingPlan', 'pendingAnnual']).go();
}

/** A lower plan or monthly billing, taken at the next charge (spec section 4). */
export async function schedulePlan(sellerId: string, plan: Package, annual: boolean) {
  await billingEntity.upsert({ sellerId, pendingPlan: plan, pendingAnnual: annual }).go();
}
