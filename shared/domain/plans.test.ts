import { describe, expect, it } from 'vitest';
import {
  atLeast,
  can,
  canEditTemplate,
  DEFAULT_PRICES,
  FEATURES,
  type Feature,
  PACKAGES,
  type Package,
  type Plan,
  planFor,
  TEMPLATE_CAP,
  paymentFeeCents,
  planOf,
  planRank,
  shipmentChargeCents,
  shipmentOverageCents,
  transactionFeeCents,
} from './plans.js';

describe('plans', () => {
  it('orders starter < growth < executive', () => {
    expect(planRank('starter')).toBeLessThan(planRank('growth'));
    expect(planRank('growth')).toBeLessThan(planRank('executive'));
  });

  it('maps the legacy package names to their plans', () => {
    expect(planOf('base')).toBe('starter');
    expect(planOf('starterlegacy')).toBe('starter');
    expect(planOf('plus')).toBe('growth');
    expect(planOf('preferred')).toBe('executive');
    for (const p of PACKAGES) expect(['starter', 'growth', 'executive']).toContain(planOf(p));
  });

  it('lets a package through a gate only at or above the plan', () => {
    expect(atLeast('starter', 'growth')).toBe(false);
    expect(atLeast('base', 'growth')).toBe(false);
    expect(atLeast('plus', 'growth')).toBe(true);
    expect(atLeast('growth', 'executive')).toBe(false);
    expect(atLeast('preferred', 'executive')).toBe(true);
  });
});

describe('shipment allowance, fees', () => {
  it('charges a block when a shipment opens one, and sums blocks for a month', () => {
    expect(shipmentChargeCents('starter', 20)).toBe(0);
    expect(shipmentChargeCents('starter', 21)).toBe(1000);
    expect(shipmentChargeCents('starter', 100)).toBe(0);
    expect(shipmentChargeCents('starter', 101)).toBe(1000);
    expect(shipmentOverageCents('starter', 101)).toBe(2000);
    expect(shipmentOverageCents('growth', 500)).toBe(0);
    expect(shipmentOverageCents('growth', 601)).toBe(2000);
    expect(shipmentChargeCents('executive', 1_000_000)).toBe(0);
    const sum = (plan: Plan, n: number) =>
      Array.from({ length: n }, (_, i) => shipmentChargeCents(plan, i + 1)).reduce((a, b) => a + b, 0);
    for (const n of [0, 20, 21, 100, 101, 333]) expect(sum('starter', n)).toBe(shipmentOverageCents('starter', n));
  });

  it('computes transaction and payment fees per plan', () => {
    expect(transactionFeeCents('starter', 10000)).toBe(700);
    expect(transactionFeeCents('growth', 10000)).toBe(500);
    expect(transactionFeeCents('executive', 10000)).toBe(300);
    expect(paymentFeeCents('starter', 10000)).toBe(325);
    expect(paymentFeeCents('growth', 10000)).toBe(320);
    expect(paymentFeeCents('executive', 10000)).toBe(319);
    expect(DEFAULT_PRICES.growth).toEqual({ monthly: 19, annual: 14 });
  });
});

describe('permission matrix (spec section 6)', () => {
  const table: [Feature, Package[]][] = [
    ['editTemplates', ['starter', 'growth', 'executive', 'plus', 'preferred']],
    ['saveTemplates', ['starter', 'growth', 'executive', 'plus', 'preferred']],
    ['automaticFollowUp', ['growth', 'executive', 'plus', 'preferred']],
    ['liveChat', ['executive', 'preferred']],
    ['phoneSupport', ['executive', 'preferred']],
    ['rewards', ['growth', 'executive', 'plus', 'preferred']],
    ['automaticRewardEmails', ['executive', 'preferred']],
    ['announcementSend', ['executive', 'preferred']],
  ];
  it.each(table)('%s is allowed exactly for %j', (feature, allowed) => {
    for (const pkg of PACKAGES) expect(can(pkg, feature), `${feature} on ${pkg}`).toBe(allowed.includes(pkg));
  });

  it('covers every feature', () => {
    expect(table.map(([f]) => f).sort()).toEqual([...FEATURES].sort());
  });

  it('base may edit only FollowUpEmail; starterlegacy none; starter any', () => {
    expect(canEditTemplate('base', 'FollowUpEmail')).toBe(true);
    expect(canEditTemplate('base', 'ThankYou')).toBe(false);
    expect(canEditTemplate('starterlegacy', 'FollowUpEmail')).toBe(false);
    expect(canEditTemplate('starter', 'ThankYou')).toBe(true);
  });

  it('names the plan to upgrade to: at least growth, executive for executive features', () => {
    expect(planFor('rewards')).toBe('growth');
    expect(planFor('saveTemplates')).toBe('growth');
    expect(planFor('liveChat')).toBe('executive');
  });

  it('caps templates per package, never fewer on a higher plan', () => {
    for (const pkg of PACKAGES) {
      for (const other of PACKAGES) {
        if (planRank(planOf(pkg)) > planRank(planOf(other)) && !['base', 'starterlegacy'].includes(other)) {
          expect(TEMPLATE_CAP[pkg]).toBeGreaterThanOrEqual(TEMPLATE_CAP[other]);
        }
      }
    }
    expect(TEMPLATE_CAP.base).toBe(0);
  });
});
