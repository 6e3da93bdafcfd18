import { describe, expect, it } from 'vitest';
import { isDowngrade, planButton } from '../../web/src/features/upgrade/plan-buttons.js';

const growthMonthly = { currentPlan: 'growth' as const, annualSubscription: false, trialActive: false };

describe('/upgrade plan buttons (spec section 4)', () => {
  it('labels by the current plan; Current Plan disabled only when the billing period matches', () => {
    expect(planButton('growth', growthMonthly, false, 'normal')).toEqual({ label: 'Current Plan', disabled: true });
    expect(planButton('growth', growthMonthly, true, 'normal')).toEqual({ label: 'Current Plan', disabled: false });
    expect(planButton('starter', growthMonthly, false, 'normal')).toEqual({ label: 'Downgrade Plan', disabled: false });
    expect(planButton('executive', growthMonthly, false, 'normal')).toEqual({ label: 'Upgrade Plan', disabled: false });
    expect(planButton('starter', { ...growthMonthly, currentPlan: null }, false, 'normal')).toEqual({ label: 'Start Plan', disabled: false });
  });

  it('hides the buttons during a trial and in signup and details mode', () => {
    expect(planButton('executive', { ...growthMonthly, trialActive: true }, false, 'normal')).toBeUndefined();
    expect(planButton('executive', growthMonthly, false, 'signup')).toBeUndefined();
    expect(planButton('executive', growthMonthly, false, 'details')).toBeUndefined();
  });

  it('a lower plan outside signup is a downgrade', () => {
    expect(isDowngrade('starter', 'growth', 'normal')).toBe(true);
    expect(isDowngrade('starter', 'growth', 'signup')).toBe(false);
    expect(isDowngrade('executive', 'growth', 'normal')).toBe(false);
  });
});
