import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../api/messages.js';
import { discountFields, discountSaveBody } from './discount.js';

const messages = (input: unknown) => {
  const r = discountSaveBody.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the discount schema (form and server)', () => {
  it('parses a valid discount with its defaults', () => {
    const d = discountFields.parse({ name: ' Candle Day ', type: 4, amount: 10, continuous: true, items: [{ id: 'p1', name: 'Candle' }] });
    expect(d).toMatchObject({ name: 'Candle Day', isPercent: true, livestream: false, itemsBogo: [], itemsDiscountAmount: 0, itemsDiscountBogoAmount: 0 });
  });

  it('puts every section-5 message at its field at once', () => {
    expect(messages({ name: '', type: 1, amount: 0, continuous: false, items: [], itemsBogo: [], itemsDiscountAmount: 0, itemsDiscountBogoAmount: 0 })).toEqual({
      name: MESSAGES.discountNameRequired,
      amount: MESSAGES.discountAmount,
      itemsDiscountAmount: MESSAGES.discountQuantity,
      itemsDiscountBogoAmount: MESSAGES.discountBogoQuantity,
      itemsBogo: MESSAGES.discountBogoItems,
      items: MESSAGES.discountItems,
      startDate: MESSAGES.discountStartRequired,
      endDate: MESSAGES.discountEndRequired,
    });
  });

  it('answers a missing amount and a too-long name in the spec words', () => {
    expect(messages({ name: 'x'.repeat(21), type: 4, continuous: true, items: [{ id: 'p1', name: 'Candle' }] })).toEqual({
      name: MESSAGES.discountNameTooLong,
      amount: MESSAGES.discountAmount,
    });
  });
});
