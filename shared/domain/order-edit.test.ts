import { describe, expect, it } from 'vitest';
import { keepsPrices, sameItems, sameTotal } from './order-edit.js';

const candle = { productId: 'candle', name: 'Soy Candle', quantity: 2, price: 12 };
const soap = { name: 'Lavender Soap', quantity: 1, price: 6.5 };

describe('sameItems', () => {
  it('the same lines are the same, whatever their stored discount or SKU and however the price is written', () => {
    expect(sameItems([{ ...candle, discount: 2.4, sku: 'C-1' } as typeof candle, soap], [{ ...candle, price: 12.0 }, { ...soap, productId: null, price: 6.5000001 }])).toBe(true);
    expect(sameItems([{ ...candle, name: 'Soy Candle ' }], [candle])).toBe(true);
  });

  it('a changed quantity, unit price, name or product, an added, removed or moved line is a change', () => {
    expect(sameItems([candle], [{ ...candle, quantity: 3 }])).toBe(false);
    expect(sameItems([candle], [{ ...candle, price: 12.01 }])).toBe(false);
    expect(sameItems([candle], [{ ...candle, name: 'Beeswax Candle' }])).toBe(false);
    expect(sameItems([candle], [{ ...candle, productId: 'other' }])).toBe(false);
    expect(sameItems([candle], [{ ...candle, productId: undefined }])).toBe(false);
    expect(sameItems([candle], [candle, soap])).toBe(false);
    expect(sameItems([candle, soap], [candle])).toBe(false);
    expect(sameItems([candle, soap], [soap, candle])).toBe(false);
  });
});

describe('keepsPrices', () => {
  const stored = { items: [candle, soap], shipping: 4, tax: 1.25 };

  it('keeps the stored money when lines, shipping and tax are unchanged (a missing amount reads as 0)', () => {
    expect(keepsPrices(stored, { items: [candle, soap], shipping: 4.0, tax: 1.25 })).toBe(true);
    expect(keepsPrices({ items: [soap], shipping: null, tax: undefined }, { items: [soap], shipping: 0, tax: 0 })).toBe(true);
  });

  it('prices again when a line, the shipping or the tax changed', () => {
    expect(keepsPrices(stored, { ...stored, items: [candle] })).toBe(false);
    expect(keepsPrices(stored, { ...stored, shipping: 5 })).toBe(false);
    expect(keepsPrices(stored, { ...stored, tax: 0 })).toBe(false);
  });
});

describe('sameTotal', () => {
  it('compares whole cents', () => {
    expect(sameTotal(21.6, 21.599999)).toBe(true);
    expect(sameTotal(21.6, 24)).toBe(false);
  });
});
