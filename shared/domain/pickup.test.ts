import { describe, expect, it } from 'vitest';
import { firstPickupDate, pickupDateProblem, postalHolidays } from './pickup';

describe('USPS pickup days', () => {
  it('knows the federal holidays, a Sunday one observed on the Monday', () => {
    const y2026 = postalHolidays(2026);
    for (const d of ['2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-04', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25']) {
      expect(y2026.has(d), d).toBe(true);
    }
    // 2027-07-04 is a Sunday: the Monday is the day off.
    expect(postalHolidays(2027).has('2027-07-05')).toBe(true);
  });

  it('refuses Sundays, holidays, today, past the window and dates that do not exist', () => {
    const today = '2026-11-25';
    expect(pickupDateProblem('2026-11-29', today)).toMatch(/Sundays/);
    expect(pickupDateProblem('2026-11-26', today)).toMatch(/federal holidays/);
    expect(pickupDateProblem('2026-11-25', today)).toMatch(/from tomorrow on/);
    expect(pickupDateProblem('2027-01-30', today)).toMatch(/at most 30 days ahead/);
    expect(pickupDateProblem('2026-02-30', '2026-02-01')).toBe('Choose a pickup date.');
    expect(pickupDateProblem('2026-11-28', today)).toBeUndefined();
  });

  it('offers the first day USPS comes', () => {
    // Thanksgiving follows: the Friday.
    expect(firstPickupDate('2026-11-25')).toBe('2026-11-27');
    // Saturday: Sunday skipped.
    expect(firstPickupDate('2026-11-28')).toBe('2026-11-30');
  });
});
