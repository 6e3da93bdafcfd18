import { describe, expect, it } from 'vitest';
import { earlierTerms, phoneDigits, searchPrefix, searchTerms } from './customer-search.js';

describe('customer search terms', () => {
  it('indexes full name, last name, email and phone digits, lower-cased and sorted', () => {
    expect(searchTerms({ firstName: 'Ada', lastName: 'Love Lace', email: 'Ada@Example.COM', phone: '(512) 555-0100' })).toEqual([
      '5125550100',
      'ada love lace',
      'ada@example.com',
      'love lace',
    ]);
  });
  it('skips what is empty and repeats nothing', () => {
    expect(searchTerms({ firstName: 'Cher', lastName: '' })).toEqual(['cher']);
    expect(searchTerms({ firstName: '', lastName: 'Smith' })).toEqual(['smith']);
  });
  it('keeps the terms before a term, to list each customer once', () => {
    expect(earlierTerms(['a', 'b', 'c'], 'c')).toEqual(['a', 'b']);
    expect(earlierTerms(['a', 'b', 'c'], 'a')).toEqual([]);
  });
});

describe('search prefix', () => {
  it('lower-cases and squeezes text', () => {
    expect(searchPrefix('  AdA   Lo ')).toBe('ada lo');
  });
  it('reads phone-like text as digits', () => {
    expect(searchPrefix('(512) 55')).toBe('51255');
    expect(searchPrefix('512-555')).toBe('512555');
    expect(phoneDigits('+1 (512) 555-0100')).toBe('15125550100');
  });
  it('keeps text with letters as text', () => {
    expect(searchPrefix('ada1')).toBe('ada1');
  });
});
