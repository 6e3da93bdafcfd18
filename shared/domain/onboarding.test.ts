import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS, onboardingComplete, onboardingPercent } from './onboarding.js';

const done = (n: number) => Object.fromEntries(ONBOARDING_STEPS.slice(0, n).map((s) => [s, true]));

describe('onboarding percent', () => {
  it('is ceil(done / 6 * 100) for each count of steps done', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => onboardingPercent(done(n)))).toEqual([0, 17, 34, 50, 67, 84, 100]);
  });

  it('counts only the six steps, only when true, and never passes 100', () => {
    expect(onboardingPercent({ platform: true, businessName: false, ups: undefined, walkthrough: true })).toBe(17);
    expect(onboardingPercent({ ...done(6), extra: true, another: true })).toBe(100);
  });

  it('is complete only at 100', () => {
    expect(onboardingComplete(done(5))).toBe(false);
    expect(onboardingComplete(done(6))).toBe(true);
  });
});
