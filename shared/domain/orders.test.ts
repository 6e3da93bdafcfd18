import { describe, expect, it } from 'vitest';
import { isOrderStatus, orderTotals } from './orders.js';

describe('orderTotals', () => {
  it('adds the lines, shipping and tax in whole cents', () => {
    expect(orderTotals([{ price: 0.1, quantity: 1 }, { price: 0.2, quantity: 1 }], 0, 0)).toEqual({ subtotal: 0.3, shipping: 0, tax: 0, total: 0.3 });
    expect(orderTotals([{ price: 19.99, quantity: 3 }], 5.5, 4.2)).toEqual({ subtotal: 59.97, shipping: 5.5, tax: 4.2, total: 69.67 });
  });

  it('is zero for no lines and rounds sub-cent inputs to the cent', () => {
    expect(orderTotals([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
    expect(orderTotals([{ price: 1.006, quantity: 2 }], 0.004).total).toBe(2.02);
  });
});

describe('isOrderStatus', () => {
  it('knows the five statuses and nothing else', () => {
    expect(['pending', 'unshipped', 'shipped', 'delivered', 'cancelled'].every(isOrderStatus)).toBe(true);
    expect(isOrderStatus('refunded')).toBe(false);
  });
});
