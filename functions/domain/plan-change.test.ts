import { describe, expect, it } from 'vitest';
import { chargeDescription, periodPriceCents, planChange, type Subscription } from './plan-change.js';
import { DEFAULT_PRICES } from '../../shared/domain/plans.js';

const monthly = (plan: Subscription['plan']): Subscription => ({ plan, annual: false });
const annual = (plan: Subscription['plan']): Subscription => ({ plan, annual: true });

describe('planChange (spec section 4: upgrades now, downgrades at the next charge)', () => {
  it('charges a higher plan now, whatever the period', () => {
    expect(planChange(monthly('starter'), monthly('growth'))).toBe('now');
    expect(planChange(monthly('starter'), monthly('executive'))).toBe('now');
    expect(planChange(monthly('growth'), annual('executive'))).toBe('now');
    // The plan decides before the period: a higher plan paid monthly is still an upgrade.
    expect(planChange(annual('growth'), monthly('executive'))).toBe('now');
  });

  it('waits for the next charge for a lower plan, whatever the period', () => {
    expect(planChange(monthly('executive'), monthly('growth'))).toBe('atNextCharge');
    expect(planChange(monthly('growth'), monthly('starter'))).toBe('atNextCharge');
    expect(planChange(annual('executive'), annual('starter'))).toBe('atNextCharge');
    expect(planChange(monthly('executive'), annual('growth'))).toBe('atNextCharge');
  });

  it('on the same plan, charges monthly to annual now and annual to monthly at the next charge', () => {
    expect(planChange(monthly('growth'), annual('growth'))).toBe('now');
    expect(planChange(annual('growth'), monthly('growth'))).toBe('atNextCharge');
    expect(planChange(monthly('starter'), annual('starter'))).toBe('now');
  });

  it('changes nothing for the same plan and period', () => {
    for (const plan of ['starter', 'growth', 'executive'] as const) {
      expect(planChange(monthly(plan), monthly(plan))).toBe('none');
      expect(planChange(annual(plan), annual(plan))).toBe('none');
    }
  });
});

describe('periodPriceCents (spec section 9 default prices)', () => {
  it('is the monthly price for a month', () => {
    expect(periodPriceCents(monthly('starter'), DEFAULT_PRICES)).toBe(500);
    expect(periodPriceCents(monthly('growth'), DEFAULT_PRICES)).toBe(1900);
    expect(periodPriceCents(monthly('executive'), DEFAULT_PRICES)).toBe(2900);
  });

  it('is twelve months at the annual rate for a year', () => {
    expect(periodPriceCents(annual('starter'), DEFAULT_PRICES)).toBe(6000);
    expect(periodPriceCents(annual('growth'), DEFAULT_PRICES)).toBe(16_800);
    expect(periodPriceCents(annual('executive'), DEFAULT_PRICES)).toBe(26_400);
  });
});

describe('chargeDescription', () => {
  it('names the plan and the period', () => {
    expect(chargeDescription(monthly('starter'))).toBe('Starter plan, monthly');
    expect(chargeDescription(annual('executive'))).toBe('Executive plan, annual');
  });
});
