import { describe, expect, it } from 'vitest';
import { AMBASSADOR_MONTHS, monthlyEarningCents, monthlyPriceCents, totalEarningCents } from './ambassadors.js';

describe('ambassador earnings', () => {
  it('pays 10 % of the recruit\'s monthly subscription for 12 months', () => {
    expect(monthlyPriceCents('growth', false)).toBe(1900);
    expect(monthlyEarningCents(1900)).toBe(190);
    expect(totalEarningCents(1900)).toBe(190 * AMBASSADOR_MONTHS);
    expect(monthlyEarningCents(monthlyPriceCents('executive', true))).toBe(220);
    expect(monthlyEarningCents(505)).toBe(51);
  });
});
