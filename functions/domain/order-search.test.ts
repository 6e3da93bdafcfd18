import { describe, expect, it } from 'vitest';
import { autocompleteList, orderNumberTerm } from './order-search.js';

describe('orderNumberTerm', () => {
  it('reads typed order numbers like indexed ones', () => {
    expect(orderNumberTerm(' #10401 ')).toBe('10401');
    expect(orderNumberTerm('LS-AB12')).toBe('ls-ab12');
    expect(orderNumberTerm('## 7')).toBe('7');
  });
});

describe('autocompleteList', () => {
  const o = (orderId: string, orderDate: string, orderNumber = orderId) => ({ orderId, orderNumber, orderDate });

  it('lists each order once, newest first', () => {
    const list = autocompleteList([o('a', '2026-01-01'), o('b', '2026-03-01'), o('a', '2026-01-01'), o('c', '2026-02-01')]);
    expect(list.map((x) => x.orderId)).toEqual(['b', 'c', 'a']);
  });

  it('keeps at most the size asked for', () => {
    const many = Array.from({ length: 15 }, (_, i) => o(`o${i}`, `2026-01-${String(i + 1).padStart(2, '0')}`));
    const list = autocompleteList(many);
    expect(list).toHaveLength(10);
    expect(list[0]?.orderId).toBe('o14');
    expect(autocompleteList(many, 3).map((x) => x.orderId)).toEqual(['o14', 'o13', 'o12']);
  });
});
