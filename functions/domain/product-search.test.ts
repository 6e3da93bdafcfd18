import { describe, expect, it } from 'vitest';
import { EARLIER_SEPARATOR, earlierTermsOf, MAX_NAME_TERMS, priceInStream, productSearchPrefix, productTerms } from './product-search.js';

/** What a search for `prefix` lists: the terms that match and have no earlier term that matches too. */
function listedAt(terms: string[], prefix: string): string[] {
  return terms.filter((t) => t.startsWith(prefix) && !(earlierTermsOf(terms, t) ?? '').includes(`${EARLIER_SEPARATOR}${prefix}`));
}

describe('productTerms', () => {
  it('indexes every word-suffix of the name and the SKU, lower-cased and sorted', () => {
    expect(productTerms({ name: '  Lavender   Fields Soy Candle ', sku: 'CND-LAV' })).toEqual([
      'candle',
      'cnd-lav',
      'fields soy candle',
      'lavender fields soy candle',
      'soy candle',
    ]);
  });

  it('leaves out a missing SKU and repeats', () => {
    expect(productTerms({ name: 'Soy Soy', sku: null })).toEqual(['soy', 'soy soy']);
  });

  it('starts terms at the first 10 words only', () => {
    const name = Array.from({ length: 14 }, (_, i) => `w${i}`).join(' ');
    const terms = productTerms({ name });
    expect(terms).toHaveLength(MAX_NAME_TERMS);
    expect(terms).toContain('w9 w10 w11 w12 w13');
    expect(terms.some((t) => t.startsWith('w10'))).toBe(false);
  });
});

describe('earlierTermsOf', () => {
  it('lists a product once, at its first matching term, for any prefix', () => {
    const terms = productTerms({ name: 'Soy Soy Candle', sku: 'SOY-1' });
    expect(listedAt(terms, 'so')).toHaveLength(1);
    expect(listedAt(terms, 'soy c')).toEqual(['soy candle']);
    expect(listedAt(terms, 'ca')).toEqual(['candle']);
    expect(listedAt(terms, 'xy')).toEqual([]);
  });

  it('is empty for the first term', () => {
    expect(earlierTermsOf(['a', 'b'], 'a')).toBeUndefined();
    expect(earlierTermsOf(['a', 'b'], 'b')).toBe('\na');
  });
});

describe('productSearchPrefix', () => {
  it('normalises typed text like the terms', () => {
    expect(productSearchPrefix('  Soy\tCAN ')).toBe('soy can');
  });
});

describe('priceInStream', () => {
  const base = { price: 24 };
  it('is the regular price without a sale', () => {
    expect(priceInStream(base, 'live-1')).toEqual({ price: 24, onSale: false });
  });
  it('applies a sale for every stream, with or without a stream id', () => {
    expect(priceInStream({ ...base, salePrice: 19.5 }, 'live-1')).toEqual({ price: 19.5, onSale: true });
    expect(priceInStream({ ...base, salePrice: 19.5 })).toEqual({ price: 19.5, onSale: true });
  });
  it('applies a stream sale only in that stream', () => {
    const p = { ...base, salePrice: 0, saleStreamId: 'live-1' };
    expect(priceInStream(p, 'live-1')).toEqual({ price: 0, onSale: true });
    expect(priceInStream(p, 'live-2')).toEqual({ price: 24, onSale: false });
    expect(priceInStream(p)).toEqual({ price: 24, onSale: false });
  });
});
