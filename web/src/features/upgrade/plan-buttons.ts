import { type Plan, planRank } from '../../../../shared/domain/plans';

export type UpgradeMode = 'signup' | 'details' | 'normal';

export interface PlanButton {
  label: 'Current Plan' | 'Downgrade Plan' | 'Upgrade Plan' | 'Start Plan';
  disabled: boolean;
}

/** Spec section 4: the per-plan button, or none during a trial and in signup and details mode. */
export function planButton(
  plan: Plan,
  info: { currentPlan?: Plan | null; annualSubscription: boolean; trialActive: boolean },
  annual: boolean,
  mode: UpgradeMode,
): PlanButton | undefined {
  if (mode !== 'normal' || info.trialActive) return undefined;
  if (!info.currentPlan) return { label: 'Start Plan', disabled: false };
  const rank = planRank(plan) - planRank(info.currentPlan);
  if (rank === 0) return { label: 'Current Plan', disabled: annual === info.annualSubscription };
  return { label: rank < 0 ? 'Downgrade Plan' : 'Upgrade Plan', disabled: false };
}

/** Choosing a lower plan outside signup raises a downgrade (a confirmation) instead of a call. */
export function isDowngrade(plan: Plan, currentPlan: Plan | null | undefined, mode: UpgradeMode): boolean {
  return mode !== 'signup' && !!currentPlan && planRank(plan) < planRank(currentPlan);
}
