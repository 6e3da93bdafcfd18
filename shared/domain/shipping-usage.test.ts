import { describe, expect, it } from 'vitest';
import { monthKey, shipmentUsage } from './shipping-usage.js';

describe('shipment allowances and fees per plan (spec section 9)', () => {
  it.each([
    ['starter', 20, 0, 0, 7],
    ['starter', 21, 1000, 1, 7],
    ['starter', 100, 1000, 1, 7],
    ['starter', 101, 2000, 2, 7],
    ['growth', 500, 0, 0, 5],
    ['growth', 501, 1000, 1, 5],
    ['growth', 601, 2000, 2, 5],
    ['executive', 100_000, 0, 0, 3],
  ] as const)('%s with %i shipments owes %i cents (%i blocks), fee %i%%', (plan, shipments, cents, blocks, fee) => {
    const u = shipmentUsage(plan, '2026-01', shipments);
    expect(u).toMatchObject({ overageCents: cents, extraBlocks: blocks, transactionFeePercent: fee });
  });

  it('executive is unlimited; starter shows what remains of 20', () => {
    expect(shipmentUsage('executive', '2026-01', 5)).toMatchObject({ included: null, remaining: null });
    expect(shipmentUsage('starter', '2026-01', 5)).toMatchObject({ included: 20, remaining: 15, paymentFee: { fixedCents: 30, percent: 2.95 } });
  });

  it('months turn at midnight UTC, including year ends and leap days', () => {
    expect(monthKey(new Date('2026-01-31T23:59:59.999Z'))).toBe('2026-01');
    expect(monthKey(new Date('2026-02-01T00:00:00.000Z'))).toBe('2026-02');
    expect(monthKey(new Date('2028-02-29T12:00:00Z'))).toBe('2028-02');
    expect(monthKey(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(monthKey(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });
});
