/**
 * The six steps of account setup (spec section 4), in the order /activate lists them. Each is marked done by the
 * server where it happens: a platform connected, the business name, personalization, return address and UPS account
 * saved in /settings, a payment method saved in billing.
 */
export const ONBOARDING_STEPS = ['platform', 'businessName', 'personalization', 'address', 'billing', 'ups'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type OnboardingFlags = Partial<Record<string, boolean | undefined>>;

/** Steps done among the six; unknown keys are not counted. */
export function onboardingDone(flags: OnboardingFlags): number {
  return ONBOARDING_STEPS.filter((step) => flags[step] === true).length;
}

/** Spec section 4: ceil(done / 6 * 100), capped at 100. */
export function onboardingPercent(flags: OnboardingFlags): number {
  return Math.min(100, Math.ceil((onboardingDone(flags) / ONBOARDING_STEPS.length) * 100));
}

/** The banner shows only below 100 (spec section 4). */
export function onboardingComplete(flags: OnboardingFlags): boolean {
  return onboardingPercent(flags) >= 100;
}
