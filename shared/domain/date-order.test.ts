import { describe, expect, it } from 'vitest';
import { addDateEvidence, type DateEvidence, dateReadings, decideDateOrder, numericDateParts } from './date-order.js';

const fold = (dates: string[]): DateEvidence => dates.reduce(addDateEvidence, {});

describe('date order of a file', () => {
  it('a first number above 12 anywhere in the file makes it day-first, for every date of it', () => {
    const evidence = fold(['05/03/2024 10:00', '01/02/2024', '18/03/2024 09:15:00', '02/04/2024']);
    expect(evidence.dayFirst).toBe('18/03/2024 09:15:00');
    expect(decideDateOrder(evidence)).toBe('dmy');
    // The seller's answer does not overrule what the file says.
    expect(decideDateOrder(evidence, 'mdy')).toBe('dmy');
  });

  it('a second number above 12 makes it month-first', () => {
    expect(decideDateOrder(fold(['3/5/24 2:22 PM', '12/25/2024', '1/2/2024']))).toBe('mdy');
    expect(decideDateOrder(fold(['03.05.2024', '04.13.2024']))).toBe('mdy');
  });

  it('a file whose dates read two ways asks, and the answer decides', () => {
    const evidence = fold(['05/03/2024', '06/03/2024', '07-04-2024']);
    expect(evidence.ambiguous).toBe('05/03/2024');
    expect(decideDateOrder(evidence)).toBe('ask');
    expect(decideDateOrder(evidence, 'dmy')).toBe('dmy');
    expect(decideDateOrder(evidence, 'mdy')).toBe('mdy');
  });

  it('dates of both kinds settle nothing: the seller is asked', () => {
    expect(decideDateOrder(fold(['13/01/2024', '01/13/2024']))).toBe('ask');
  });

  it('a file with no numeric date, or only dates that read the same both ways, needs no answer', () => {
    expect(decideDateOrder(fold(['2024-03-05 14:22:10 -0500', 'Mar-05-24']))).toBe('mdy');
    expect(decideDateOrder(fold(['01/01/2024', '07/07/2024']))).toBe('mdy');
    expect(decideDateOrder({})).toBe('mdy');
  });

  it('reads only numeric day-month-year dates, not ISO ones', () => {
    expect(numericDateParts('2024-03-05')).toBeUndefined();
    expect(numericDateParts('24/12/23')).toEqual([24, 12]);
    expect(numericDateParts('Order 5/3')).toBeUndefined();
  });

  it('words the two readings of an example for the question', () => {
    expect(dateReadings('05/03/2024')).toEqual({ mdy: 'May 3, 2024', dmy: '5 March 2024' });
  });
});
