import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../api/messages.js';
import { type Discount, type DiscountFields, dayAt, discountedTotals, dayOf, discountProblems, discountState, priceWithDiscounts } from './discounts.js';

const candle = { id: 'candle', name: 'Soy Candle' };
const soap = { id: 'soap', name: 'Lavender Soap' };
const wick = { id: 'wick', name: 'Wick Trimmer' };

const valid: DiscountFields = {
  name: 'Candle Day',
  type: 4,
  isPercent: true,
  amount: 10,
  continuous: true,
  livestream: false,
  startDate: null,
  endDate: null,
  items: [candle],
  itemsBogo: [],
  itemsDiscountAmount: 0,
  itemsDiscountBogoAmount: 0,
};

describe('discount rules (spec section 5)', () => {
  it('accepts a valid discount of each kind', () => {
    expect(discountProblems(valid)).toEqual({});
    expect(discountProblems({ ...valid, type: 2, items: [], itemsDiscountAmount: 3 })).toEqual({});
    expect(discountProblems({ ...valid, type: 3, items: [], itemsDiscountAmount: 3 })).toEqual({});
    expect(discountProblems({ ...valid, type: 1, itemsDiscountAmount: 1, itemsDiscountBogoAmount: 1, itemsBogo: [candle] })).toEqual({});
  });

  it('requires a name of at most 20 characters', () => {
    expect(discountProblems({ ...valid, name: '  ' })).toEqual({ name: MESSAGES.discountNameRequired });
    expect(discountProblems({ ...valid, name: 'x'.repeat(21) })).toEqual({ name: MESSAGES.discountNameTooLong });
    expect(discountProblems({ ...valid, name: 'x'.repeat(20) })).toEqual({});
  });

  it('requires an amount above 0, a percent at most 100 and dollars at most $100,000, with at most 2 decimals', () => {
    expect(discountProblems({ ...valid, amount: 0 })).toEqual({ amount: MESSAGES.discountAmount });
    expect(discountProblems({ ...valid, amount: -5 })).toEqual({ amount: MESSAGES.discountAmount });
    expect(discountProblems({ ...valid, amount: Number.NaN })).toEqual({ amount: MESSAGES.discountAmount });
    expect(discountProblems({ ...valid, amount: 100.01 })).toEqual({ amount: MESSAGES.discountPercentMax });
    expect(discountProblems({ ...valid, amount: 100 })).toEqual({});
    expect(discountProblems({ ...valid, isPercent: false, amount: 250 })).toEqual({});
    expect(discountProblems({ ...valid, isPercent: false, amount: 100_000.01 })).toEqual({ amount: MESSAGES.discountDollarsMax });
    expect(discountProblems({ ...valid, isPercent: false, amount: 1.005 })).toEqual({ amount: MESSAGES.discountAmountDecimals });
  });

  it('requires a quantity threshold above 0 except for an Item/Product discount', () => {
    expect(discountProblems({ ...valid, type: 4, itemsDiscountAmount: 0 })).toEqual({});
    for (const type of [1, 2, 3]) {
      const d = { ...valid, type, itemsBogo: [candle], itemsDiscountBogoAmount: 1 };
      expect(discountProblems({ ...d, itemsDiscountAmount: 0 }).itemsDiscountAmount).toBe(MESSAGES.discountQuantity);
      expect(discountProblems({ ...d, itemsDiscountAmount: 1.5 }).itemsDiscountAmount).toBe(MESSAGES.discountQuantity);
      expect(discountProblems({ ...d, itemsDiscountAmount: 10_001 }).itemsDiscountAmount).toBe(MESSAGES.discountQuantityMax);
    }
  });

  it('requires a bogo free quantity above 0 and a non-empty free list', () => {
    const bogo = { ...valid, type: 1, itemsDiscountAmount: 1, itemsDiscountBogoAmount: 0, itemsBogo: [] };
    expect(discountProblems(bogo)).toEqual({ itemsDiscountBogoAmount: MESSAGES.discountBogoQuantity, itemsBogo: MESSAGES.discountBogoItems });
  });

  it('requires items unless the discount is exact or minimum quantity', () => {
    expect(discountProblems({ ...valid, items: [] })).toEqual({ items: MESSAGES.discountItems });
    expect(discountProblems({ ...valid, type: 1, items: [], itemsBogo: [candle], itemsDiscountAmount: 1, itemsDiscountBogoAmount: 1 })).toEqual({
      items: MESSAGES.discountItems,
    });
    expect(discountProblems({ ...valid, type: 2, items: [], itemsDiscountAmount: 2 })).toEqual({});
    expect(discountProblems({ ...valid, type: 3, items: [], itemsDiscountAmount: 2 })).toEqual({});
  });

  it('refuses type 0 (Quantity without its kind) and unknown types', () => {
    expect(discountProblems({ ...valid, type: 0, itemsDiscountAmount: 2 })).toEqual({ type: MESSAGES.discountChooseKind });
    expect(discountProblems({ ...valid, type: 7 }).type).toBe(MESSAGES.discountChooseKind);
  });

  it('requires both dates in MM/DD/YYYY unless continuous, the end not before the start', () => {
    const dated = { ...valid, continuous: false };
    expect(discountProblems(dated)).toEqual({ startDate: MESSAGES.discountStartRequired, endDate: MESSAGES.discountEndRequired });
    expect(discountProblems({ ...dated, startDate: '2026-12-01', endDate: '02/30/2026' })).toEqual({
      startDate: MESSAGES.discountDateFormat,
      endDate: MESSAGES.discountDateFormat,
    });
    expect(discountProblems({ ...dated, startDate: '12/05/2026', endDate: '12/04/2026' })).toEqual({ endDate: MESSAGES.discountEndBeforeStart });
    expect(discountProblems({ ...dated, startDate: '12/05/2026', endDate: '12/05/2026' })).toEqual({});
    expect(discountProblems({ ...valid, continuous: true, startDate: null, endDate: null })).toEqual({});
  });

  it('refuses an item twice in a list (the same item may be bought and given)', () => {
    expect(discountProblems({ ...valid, items: [candle, { ...candle, name: 'again' }] })).toEqual({ items: MESSAGES.discountDuplicateItem });
    const bogo = { ...valid, type: 1, itemsDiscountAmount: 1, itemsDiscountBogoAmount: 1 };
    expect(discountProblems({ ...bogo, itemsBogo: [soap, soap] })).toEqual({ itemsBogo: MESSAGES.discountDuplicateItem });
    expect(discountProblems({ ...bogo, itemsBogo: [candle] })).toEqual({});
  });

  it('keeps a livestream discount continuous', () => {
    expect(discountProblems({ ...valid, livestream: true, continuous: false, startDate: '12/01/2026', endDate: '12/02/2026' })).toEqual({
      continuous: MESSAGES.discountLivestreamContinuous,
    });
    expect(discountProblems({ ...valid, livestream: true })).toEqual({});
  });
});

describe('dates', () => {
  it('reads MM/DD/YYYY calendar days only', () => {
    expect(dayOf('02/29/2028')).toBe('2028-02-29');
    expect(dayOf('02/29/2027')).toBeUndefined();
    expect(dayOf('2/3/2027')).toBeUndefined();
  });

  it("takes today's date in the seller's time zone", () => {
    const now = new Date('2026-12-01T03:00:00Z');
    expect(dayAt(now)).toBe('2026-12-01');
    expect(dayAt(now, 'America/Los_Angeles')).toBe('2026-11-30');
    expect(dayAt(now, 'Not/AZone')).toBe('2026-12-01');
  });

  it('tells ended, scheduled, expired and active apart', () => {
    const dated = { continuous: false, startDate: '12/01/2026', endDate: '12/31/2026' };
    expect(discountState(dated, '2026-11-30')).toBe('scheduled');
    expect(discountState(dated, '2026-12-01')).toBe('active');
    expect(discountState(dated, '2026-12-31')).toBe('active');
    expect(discountState(dated, '2027-01-01')).toBe('expired');
    expect(discountState({ ...dated, endedAt: '2026-12-02T00:00:00Z' }, '2026-12-15')).toBe('ended');
    expect(discountState({ continuous: true }, '2030-01-01')).toBe('active');
  });
});

const NOW = { now: new Date('2026-12-10T12:00:00Z'), livestream: false };
let next = 0;
const discount = (d: Partial<Discount>): Discount => ({ ...valid, discountId: `d${++next}`, ...d });
const line = (productId: string | undefined, price: number, quantity: number) => ({ productId, price, quantity });

describe('priceWithDiscounts', () => {
  it('takes a percent or dollars off each unit of an Item/Product discount, naming it on the line', () => {
    const pct = discount({ name: 'Candles 10%' });
    const priced = priceWithDiscounts([line('candle', 24.99, 2), line('soap', 6, 1)], [pct], NOW);
    expect(priced.lines[0]).toEqual({ discountCents: 500, discount: 5, discountId: pct.discountId, discountName: 'Candles 10%' });
    expect(priced.lines[1]).toEqual({ discountCents: 0, discount: 0 });
    expect(priced).toMatchObject({ subtotalCents: 5598, discountCents: 500, subtotal: 55.98, discount: 5, discountedSubtotal: 50.98 });
    expect(priced.applied).toEqual([{ discountId: pct.discountId, name: 'Candles 10%', amountCents: 500, amount: 5, lines: [0] }]);

    const dollars = discount({ name: '$3 off', isPercent: false, amount: 3 });
    expect(priceWithDiscounts([line('candle', 10, 3)], [dollars], NOW).discountCents).toBe(900);
  });

  it('never goes below $0: dollars off a cheaper item take at most its price', () => {
    const big = discount({ name: 'Huge', isPercent: false, amount: 50, items: [candle, soap] });
    const priced = priceWithDiscounts([line('candle', 12, 2), line('soap', 0.5, 1)], [big], NOW);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([2400, 50]);
    expect(priced.discountedSubtotal).toBe(0);
    const free = discount({ name: 'Free', amount: 100 });
    expect(priceWithDiscounts([line('candle', 0.01, 3)], [free], NOW).discountedSubtotal).toBe(0);
  });

  it('keeps whole cents where floating point would not (0.1 + 0.2)', () => {
    const pct = discount({ name: 'Third', amount: 33.33, items: [candle, soap] });
    const priced = priceWithDiscounts([line('candle', 0.1, 1), line('soap', 0.2, 1)], [pct], NOW);
    expect(priced.subtotal).toBe(0.3);
    expect(priced.discountCents).toBe(10);
    expect(priced.discountedSubtotal).toBe(0.2);
  });

  it('applies an exact quantity discount only at exactly its quantity', () => {
    const exact = discount({ name: 'Three exactly', type: 2, items: [candle], itemsDiscountAmount: 3, amount: 20 });
    expect(priceWithDiscounts([line('candle', 10, 2)], [exact], NOW).discountCents).toBe(0);
    expect(priceWithDiscounts([line('candle', 10, 3)], [exact], NOW).discountCents).toBe(600);
    expect(priceWithDiscounts([line('candle', 10, 4)], [exact], NOW).discountCents).toBe(0);
    // Lines of the same item add up towards the quantity.
    expect(priceWithDiscounts([line('candle', 10, 1), line('candle', 10, 2)], [exact], NOW).discountCents).toBe(600);
  });

  it('applies a minimum quantity discount from its quantity on; an empty list counts every item', () => {
    const min = discount({ name: 'Buy 3+', type: 3, items: [], itemsDiscountAmount: 3, isPercent: false, amount: 5 });
    expect(priceWithDiscounts([line('candle', 10, 1), line(undefined, 4, 1)], [min], NOW).discountCents).toBe(0);
    const priced = priceWithDiscounts([line('candle', 10, 2), line(undefined, 4, 3)], [min], NOW);
    expect(priced.discountCents).toBe(500);
    expect(priced.applied[0]).toMatchObject({ name: 'Buy 3+', amount: 5, lines: [0] });
    // A dollar amount larger than the items counted takes what they are worth and no more.
    const huge = discount({ name: 'Huge', type: 3, items: [], itemsDiscountAmount: 1, isPercent: false, amount: 99 });
    expect(priceWithDiscounts([line('candle', 10, 2), line('soap', 4, 1)], [huge], NOW).lines.map((l) => l.discountCents)).toEqual([2000, 400]);
  });

  it('bogo: buying its quantity gives the cheaper matched item, as many times as the order meets it', () => {
    const bogo = discount({ name: 'BOGO candles', type: 1, items: [candle], itemsBogo: [candle], itemsDiscountAmount: 1, itemsDiscountBogoAmount: 1, amount: 100 });
    // Two candle lines at different prices: the cheaper one is free.
    const two = priceWithDiscounts([line('candle', 30, 1), line('candle', 20, 1)], [bogo], NOW);
    expect(two.lines.map((l) => l.discountCents)).toEqual([0, 2000]);
    expect(two.applied).toEqual([{ discountId: bogo.discountId, name: 'BOGO candles', amountCents: 2000, amount: 20, lines: [1] }]);
    // One candle alone gets nothing; five give two free.
    expect(priceWithDiscounts([line('candle', 30, 1)], [bogo], NOW).discountCents).toBe(0);
    expect(priceWithDiscounts([line('candle', 10, 5)], [bogo], NOW).discountCents).toBe(2000);
  });

  it('bogo across items: buy 2 candles, get a soap at half price; the cheapest free items first', () => {
    const bogo = discount({
      name: 'Candles + soap',
      type: 1,
      items: [candle],
      itemsBogo: [soap, wick],
      itemsDiscountAmount: 2,
      itemsDiscountBogoAmount: 1,
      amount: 50,
    });
    const lines = [line('candle', 20, 2), line('wick', 8, 1), line('soap', 6, 2)];
    const priced = priceWithDiscounts(lines, [bogo], NOW);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([0, 0, 300]);
    // Not enough candles bought: nothing.
    expect(priceWithDiscounts([line('candle', 20, 1), line('soap', 6, 1)], [bogo], NOW).discountCents).toBe(0);
    // Dollars per free unit, at most its price.
    const dollars = discount({ ...bogo, discountId: 'bogo-dollars', isPercent: false, amount: 7 });
    expect(priceWithDiscounts([line('candle', 20, 2), line('soap', 6, 1)], [dollars], NOW).discountCents).toBe(600);
  });

  it('gives each item one discount, the best for the buyer', () => {
    const small = discount({ name: 'Small', amount: 10, items: [candle, soap] });
    const big = discount({ name: 'Big', amount: 25, items: [candle] });
    const priced = priceWithDiscounts([line('candle', 40, 1), line('soap', 10, 1)], [small, big], NOW);
    expect(priced.lines[0]).toMatchObject({ discountCents: 1000, discountName: 'Big' });
    expect(priced.lines[1]).toMatchObject({ discountCents: 100, discountName: 'Small' });
    expect(priced.discountCents).toBe(1100);
    expect(priced.applied.map((a) => [a.name, a.amountCents])).toEqual([
      ['Big', 1000],
      ['Small', 100],
    ]);
  });

  it('a line that qualified a quantity discount gets no second discount', () => {
    const min = discount({ name: 'Three or more', type: 3, items: [candle], itemsDiscountAmount: 3, amount: 50 });
    const item = discount({ name: 'Candle 10%', amount: 10, items: [candle] });
    const priced = priceWithDiscounts([line('candle', 10, 3)], [item, min], NOW);
    expect(priced.applied.map((a) => a.name)).toEqual(['Three or more']);
    expect(priced.discountCents).toBe(1500);
  });

  it('applies only running discounts: not ended, within their dates, livestream ones only in a live stream', () => {
    const lines = [line('candle', 10, 1)];
    const dated = { continuous: false, startDate: '12/01/2026', endDate: '12/10/2026' };
    expect(priceWithDiscounts(lines, [discount(dated)], NOW).discountCents).toBe(100);
    expect(priceWithDiscounts(lines, [discount(dated)], { ...NOW, now: new Date('2026-12-11T12:00:00Z') }).discountCents).toBe(0);
    expect(priceWithDiscounts(lines, [discount({ ...dated, startDate: '12/11/2026', endDate: '12/12/2026' })], NOW).discountCents).toBe(0);
    // 01:00 UTC on the 11th is still the 10th in Chicago.
    expect(priceWithDiscounts(lines, [discount(dated)], { ...NOW, now: new Date('2026-12-11T01:00:00Z'), timeZone: 'America/Chicago' }).discountCents).toBe(100);
    expect(priceWithDiscounts(lines, [discount({ endedAt: '2026-12-09T00:00:00Z' })], NOW).discountCents).toBe(0);
    const live = discount({ livestream: true });
    expect(priceWithDiscounts(lines, [live], NOW).discountCents).toBe(0);
    expect(priceWithDiscounts(lines, [live], { ...NOW, livestream: true }).discountCents).toBe(100);
  });

  it('leaves typed lines (no product) to discounts that count every item, and prices an order without discounts at its subtotal', () => {
    expect(priceWithDiscounts([line(undefined, 10, 1)], [discount({})], NOW).discountCents).toBe(0);
    const plain = priceWithDiscounts([line(undefined, 12.5, 2)], [], NOW);
    expect(plain).toMatchObject({ subtotal: 25, discount: 0, discountedSubtotal: 25, applied: [] });
  });
});

describe('discountedTotals', () => {
  it('adds shipping and tax to the discounted subtotal in whole cents', () => {
    const priced = priceWithDiscounts([line('candle', 19.99, 3)], [discount({ name: 'Ten', amount: 10 })], NOW);
    expect(discountedTotals(priced, 5.5, 4.2)).toEqual({ subtotal: 59.97, discount: 6, shipping: 5.5, tax: 4.2, total: 63.67 });
  });
});
