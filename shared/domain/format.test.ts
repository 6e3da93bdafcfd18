import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, fullName, NEVER, NOT_AVAILABLE, noun, orNA, plural } from './format.js';

describe('formatDate (MM/DD/YYYY, spec section 9)', () => {
  it('formats a calendar day without moving it across time zones', () => {
    expect(formatDate('2026-03-01')).toBe('03/01/2026');
    expect(formatDate('2026-12-31', 'Pacific/Honolulu')).toBe('12/31/2026');
  });
  it('shows a date-only value stored as UTC midnight (an imported "11/22/2026") as that day in every US zone', () => {
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu']) {
      expect(formatDate('2026-11-22T00:00:00.000Z', zone)).toBe('11/22/2026');
      expect(formatDate('2026-11-22T00:00:00Z', zone)).toBe('11/22/2026');
    }
    // A time of day is still a moment: one second past midnight UTC is the evening before in Chicago.
    expect(formatDate('2026-11-22T00:00:01.000Z', 'America/Chicago')).toBe('11/21/2026');
  });
  it('formats a timestamp in the given time zone', () => {
    expect(formatDate('2026-03-01T02:00:00.000Z')).toBe('03/01/2026');
    expect(formatDate('2026-03-01T02:00:00.000Z', 'America/New_York')).toBe('02/28/2026');
    expect(formatDate(new Date(Date.UTC(2025, 0, 9, 12)))).toBe('01/09/2025');
  });
  it("reads 'Never' for a missing or unreadable date", () => {
    for (const v of [undefined, null, '', '  ', 'not a date']) expect(formatDate(v)).toBe(NEVER);
    expect(NEVER).toBe('Never');
  });
});

describe('formatMoney ($ with 2 decimals)', () => {
  it('always shows two decimals and a dollar sign', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
    expect(formatMoney(-3)).toBe('-$3.00');
  });
  it("is 'N/A' when there is no amount", () => {
    expect(formatMoney(undefined)).toBe(NOT_AVAILABLE);
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(Number.NaN)).toBe('N/A');
  });
});

describe('orNA and fullName', () => {
  it("shows empty values as 'N/A' and keeps real ones, including 0", () => {
    expect(orNA('')).toBe('N/A');
    expect(orNA('   ')).toBe('N/A');
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA(0)).toBe('0');
    expect(orNA('a@b.co')).toBe('a@b.co');
  });
  it('joins the names it has', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(fullName({})).toBe('N/A');
  });
});

describe('formatMoney in an order’s own currency (issue 19)', () => {
  it('shows euros as euros and Canadian dollars as such, never as US dollars', () => {
    expect(formatMoney(32.5, 'EUR')).toBe('€32.50');
    expect(formatMoney(62.15, 'CAD')).toBe('CA$62.15');
    expect(formatMoney(5, null)).toBe('$5.00');
    expect(formatMoney(5, 'XYZ')).toMatch(/XYZ\s?5\.00/);
  });
});

describe('plural', () => {
  it('names one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(0, 'order')).toBe('0 orders');
    expect(plural(2, 'day')).toBe('2 days');
    expect(plural(1, 'order needs', 'orders need')).toBe('1 order needs');
    expect(plural(3, 'order needs', 'orders need')).toBe('3 orders need');
  });
  it('the word alone, for a count shown apart from it', () => {
    expect(noun(1, 'point')).toBe('point');
    expect(noun(0, 'point')).toBe('points');
    expect(noun(1.5, 'point')).toBe('points');
  });
});
