import { describe, expect, it } from 'vitest';
import { phoneMeetingBody } from './help.js';

const slot = '2026-11-30T14:00:00.000Z';
const phoneError = (phone: string) => {
  const r = phoneMeetingBody.safeParse({ slot, phone });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'phone')?.message;
};

describe('phone support: the number to call', () => {
  it('takes a US number as it is usually written, with the area code in brackets', () => {
    expect(phoneError('(512) 555-0100')).toBeUndefined();
    expect(phoneError('512-555-0100')).toBeUndefined();
    expect(phoneError('+1 (512) 555 0100')).toBeUndefined();
  });

  it('refuses what holds too few digits or other characters, in one wording', () => {
    for (const phone of ['(((((((', '555-01', 'call me maybe', '12345678901234567890123456789012']) {
      expect(phoneError(phone)).toBe('Enter a phone number we can call.');
    }
  });
});
