/** Plans of spec section 1 and 9. One source for the web app and the server. */
export const PLANS = ['starter', 'growth', 'executive'] as const;
export type Plan = (typeof PLANS)[number];

/** Package names a seller record may carry, the legacy ones included (spec section 1). */
export const PACKAGES = ['starter', 'growth', 'executive', 'base', 'starterlegacy', 'plus', 'preferred'] as const;
export type Package = (typeof PACKAGES)[number];

const LEGACY: Record<Package, Plan> = {
  starter: 'starter',
  growth: 'growth',
  executive: 'executive',
  base: 'starter',
  starterlegacy: 'starter',
  plus: 'growth',
  preferred: 'executive',
};

export function planOf(pkg: Package): Plan {
  return LEGACY[pkg];
}

/** starter < growth < executive (spec section 4). */
export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

export function atLeast(pkg: Package, minimum: Plan): boolean {
  return planRank(planOf(pkg)) >= planRank(minimum);
}

export const PLAN_LABELS: Record<Plan, string> = {
  starter: 'Starter',
  growth: 'Growth',
  executive: 'Executive',
};
