import { describe, expect, it } from 'vitest';
import { orderEffect, spendOf, sumOrderEffects } from './order-effects.js';

const order = (customerId: string, total: number, points = 0, status = 'unshipped') => ({ customerId, total, points, status });

describe('order effects', () => {
  it('a created order adds one order, its total and its points; a cancelled one spends nothing', () => {
    expect(orderEffect(undefined, order('c1', 32.5, 3))).toEqual({ customerId: 'c1', orders: 1, spend: 32.5, points: 3 });
    expect(orderEffect(undefined, order('c1', 32.5, 0, 'cancelled'))).toEqual({ customerId: 'c1', orders: 1, spend: 0, points: 0 });
    expect(spendOf(undefined)).toBe(0);
  });

  it('a change adds the difference; a cancel takes the total and the points back', () => {
    expect(orderEffect(order('c1', 32, 2), order('c1', 40, 4))).toEqual({ customerId: 'c1', orders: 0, spend: 8, points: 2 });
    expect(orderEffect(order('c1', 32, 2), order('c1', 32, 0, 'cancelled'))).toEqual({ customerId: 'c1', orders: 0, spend: -32, points: -2 });
  });

  it('sums a batch per customer in cents, by customer id, leaving out customers with nothing to change', () => {
    const sum = sumOrderEffects([
      orderEffect(undefined, order('c2', 0.1, 0.1)),
      orderEffect(undefined, order('c1', 10, 1)),
      orderEffect(undefined, order('c2', 0.2, 0.2)),
      orderEffect(order('c3', 5), order('c3', 5)),
    ]);
    expect(sum).toEqual({
      orderCount: 3,
      customers: [
        { customerId: 'c1', orders: 1, spend: 10, points: 1 },
        { customerId: 'c2', orders: 2, spend: 0.3, points: 0.3 },
      ],
    });
  });
});
