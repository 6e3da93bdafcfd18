import { type MaybePackage, type Plan, planOf } from '../../shared/domain/plans.js';
import { PlanRequired } from './errors.js';

/** The plan a rule needs (allowances, fees): a seller with none is refused and sent to choose one. */
export function sellerPlan(pkg: MaybePackage): Plan {
  if (!pkg) throw new PlanRequired();
  return planOf(pkg);
}
