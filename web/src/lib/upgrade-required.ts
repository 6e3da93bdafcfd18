import { useSyncExternalStore } from 'react';
import { MESSAGES } from '../../../shared/api/messages';
import type { Plan } from '../../../shared/domain/plans';

/**
 * The one Upgrade Required dialog (spec section 6): every 403 'Upgrade Required' the server answers opens it
 * (web/src/lib/api.ts), and a screen that knows the plan is too low before calling opens it itself.
 */
export interface UpgradePrompt {
  /** The lowest plan that includes what was asked for, when the server named it. */
  requiredPlan?: Plan;
}

let current: UpgradePrompt | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function openUpgradeDialog(prompt: UpgradePrompt = {}): void {
  current = prompt;
  emit();
}

export function closeUpgradeDialog(): void {
  current = undefined;
  emit();
}

export function useUpgradePrompt(): UpgradePrompt | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

const PLANS: readonly Plan[] = ['starter', 'growth', 'executive'];

/** Whether a server answer is the plan gate's refusal: 403 with the catalogue's 'Upgrade Required'. */
export function isUpgradeAnswer(status: number, body: unknown): UpgradePrompt | undefined {
  if (status !== 403 || typeof body !== 'object' || body === null) return undefined;
  const b = body as { message?: unknown; requiredPlan?: unknown; details?: { requiredPlan?: unknown } };
  if (b.message !== MESSAGES.upgradeRequired) return undefined;
  const plan = b.requiredPlan ?? b.details?.requiredPlan;
  return typeof plan === 'string' && (PLANS as readonly string[]).includes(plan) ? { requiredPlan: plan as Plan } : {};
}
