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

/**
 * A seller who signed up but has not chosen a plan yet has none (spec section 4: /upgrade then offers Start Plan).
 * No plan reaches no plan's features: every check below answers false for it.
 */
export type MaybePackage = Package | null | undefined;

export function atLeast(pkg: MaybePackage, minimum: Plan): boolean {
  if (!pkg) return false;
  return planRank(planOf(pkg)) >= planRank(minimum);
}

/** The plan of a package, or null for a seller with none. */
export function planOrNone(pkg: MaybePackage): Plan | null {
  return pkg ? planOf(pkg) : null;
}

export const PLAN_LABELS: Record<Plan, string> = {
  starter: 'Starter',
  growth: 'Growth',
  executive: 'Executive',
};

/** Default prices in dollars per month (spec section 9); the server's upgrade info may override them. */
export const DEFAULT_PRICES: PlanPrices = {
  starter: { monthly: 5, annual: 5 },
  growth: { monthly: 19, annual: 14 },
  executive: { monthly: 29, annual: 22 },
};

export type PlanPrices = Record<Plan, { monthly: number; annual: number }>;

/**
 * What starting or moving to a plan charges today, in cents: one whole period at the new price (the monthly price,
 * or twelve months at the annual rate). Never prorated: the new period starts on the day of the charge.
 */
export function periodPriceCents(prices: PlanPrices, plan: Plan, annual: boolean): number {
  const { monthly, annual: perMonth } = prices[plan];
  return Math.round((annual ? perMonth * 12 : monthly) * 100);
}

/** Upgrade info's price fields (spec section 3) as a price table. */
export function pricesOf(info: {
  starterPrice: number;
  growthPrice: number;
  executivePrice: number;
  annualStarterPrice: number;
  annualGrowthPrice: number;
  annualExecutivePrice: number;
}): PlanPrices {
  return {
    starter: { monthly: info.starterPrice, annual: info.annualStarterPrice },
    growth: { monthly: info.growthPrice, annual: info.annualGrowthPrice },
    executive: { monthly: info.executivePrice, annual: info.annualExecutivePrice },
  };
}

/** Shipments included per calendar month, and the price of each further block (spec section 9). */
export const SHIPMENT_ALLOWANCE: Record<Plan, { included: number; blockSize: number; blockPriceCents: number }> = {
  starter: { included: 20, blockSize: 80, blockPriceCents: 1000 },
  growth: { included: 500, blockSize: 100, blockPriceCents: 1000 },
  executive: { included: Number.POSITIVE_INFINITY, blockSize: 1, blockPriceCents: 0 },
};

/** Percent of an order's total kept per plan (spec section 9). */
export const TRANSACTION_FEE_PERCENT: Record<Plan, number> = { starter: 7, growth: 5, executive: 3 };

/** Card processing fee: a fixed 30 cents plus a percent per plan (spec section 9). */
export const PAYMENT_FEE: Record<Plan, { fixedCents: number; percent: number }> = {
  starter: { fixedCents: 30, percent: 2.95 },
  growth: { fixedCents: 30, percent: 2.9 },
  executive: { fixedCents: 30, percent: 2.89 },
};

/**
 * Overage owed for the `count`-th shipment of a month: the price of a new block when this shipment opens one
 * (shipment 21 on starter opens the first block of 80, shipment 101 the second), else 0.
 */
export function shipmentChargeCents(plan: Plan, count: number): number {
  const { included, blockSize, blockPriceCents } = SHIPMENT_ALLOWANCE[plan];
  if (count <= included) return 0;
  return (count - included - 1) % blockSize === 0 ? blockPriceCents : 0;
}

/** Total overage for `count` shipments in one month. */
export function shipmentOverageCents(plan: Plan, count: number): number {
  const { included, blockSize, blockPriceCents } = SHIPMENT_ALLOWANCE[plan];
  if (count <= included) return 0;
  return Math.ceil((count - included) / blockSize) * blockPriceCents;
}

export function transactionFeeCents(plan: Plan, amountCents: number): number {
  return Math.round((amountCents * TRANSACTION_FEE_PERCENT[plan]) / 100);
}

export function paymentFeeCents(plan: Plan, amountCents: number): number {
  const { fixedCents, percent } = PAYMENT_FEE[plan];
  return fixedCents + Math.round((amountCents * percent) / 100);
}

/** What a seller may do, by package (spec section 6). The server's gates and the web app both read this. */
export const FEATURES = [
  'editTemplates',
  'saveTemplates',
  'automaticFollowUp',
  'liveChat',
  'phoneSupport',
  'rewards',
  'automaticRewardEmails',
  'announcementSend',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Base and starterlegacy predate templates and automatic follow-up; the rest follow the plan order. */
const LEGACY_WITHOUT_TEMPLATES: readonly Package[] = ['base', 'starterlegacy'];

const MIN_PLAN: Record<Feature, Plan> = {
  editTemplates: 'starter',
  saveTemplates: 'starter',
  // Issues 15 and 16: automatic follow-up emails are growth and up (spec section 6 only names base's lack of them).
  automaticFollowUp: 'growth',
  liveChat: 'executive',
  phoneSupport: 'executive',
  rewards: 'growth',
  automaticRewardEmails: 'executive',
  // The send button is hidden for growth, so sending is executive only.
  announcementSend: 'executive',
};

const TEMPLATE_FEATURES: readonly Feature[] = ['editTemplates', 'saveTemplates', 'automaticFollowUp'];

export function can(pkg: MaybePackage, feature: Feature): boolean {
  if (!pkg) return false;
  if (TEMPLATE_FEATURES.includes(feature) && LEGACY_WITHOUT_TEMPLATES.includes(pkg)) return false;
  return atLeast(pkg, MIN_PLAN[feature]);
}

/** The plan to upgrade to for a feature (what the Upgrade Required dialog names). */
export function planFor(feature: Feature): Plan {
  return MIN_PLAN[feature] === 'starter' ? 'growth' : MIN_PLAN[feature];
}

/** The one template base may still edit (spec section 6). */
export const BASE_EDITABLE_TEMPLATE = 'FollowUpEmail';

export function canEditTemplate(pkg: MaybePackage, templateName: string): boolean {
  return can(pkg, 'editTemplates') || (pkg === 'base' && templateName === BASE_EDITABLE_TEMPLATE);
}

/**
 * Saved templates a package may keep (spec section 6 caps them per package without numbers; these are ours,
 * recorded in docs/decisions.md).
 */
export const TEMPLATE_CAP: Record<Package, number> = {
  base: 0,
  starterlegacy: 0,
  starter: 5,
  plus: 25,
  growth: 25,
  preferred: Number.POSITIVE_INFINITY,
  executive: Number.POSITIVE_INFINITY,
};
