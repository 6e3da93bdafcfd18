import { describe, expect, it } from 'vitest';
import { customerFields } from './customer.js';
import { payBody } from './billing.js';
import { quoteBody } from './shipping.js';

const valid = { firstName: 'Ada', lastName: 'Lovelace' };
const errorsOf = (input: unknown) => {
  const r = customerFields.safeParse(input);
  const errors: Record<string, string> = {};
  // The first message of a field is the one shown, as the server's validate() does.
  for (const i of r.success ? [] : r.error.issues) errors[i.path.join('.')] ??= i.message;
  return errors;
};

describe('customer fields (spec section 5)', () => {
  it('requires first and last name', () => {
    expect(errorsOf({ firstName: ' ', lastName: '' })).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
    });
  });

  it('says a name is too long, not that it is missing', () => {
    expect(errorsOf({ firstName: 'A'.repeat(51), lastName: 'L'.repeat(60) })).toEqual({
      firstName: 'First name can be at most 50 characters.',
      lastName: 'Last name can be at most 50 characters.',
    });
    expect(errorsOf({ firstName: 'A'.repeat(50), lastName: 'Lovelace' })).toEqual({});
  });

  it('defaults the country to US', () => {
    expect(customerFields.parse(valid).country).toBe('US');
  });

  it('accepts no email, rejects a malformed one', () => {
    expect(customerFields.parse({ ...valid, email: '' }).email).toBeUndefined();
    expect(errorsOf({ ...valid, email: 'ada@' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('takes a birthday as MM/DD with an optional year and stores 5 characters', () => {
    expect(customerFields.parse({ ...valid, birthday: '12/10' }).birthday).toBe('12/10');
    expect(customerFields.parse({ ...valid, birthday: '12/10/1815' }).birthday).toBe('12/10');
    expect(customerFields.parse({ ...valid, birthday: '1/5' }).birthday).toBe('01/05');
    expect(errorsOf({ ...valid, birthday: 'Dec 10' })).toEqual({
      birthday: 'Birthday may contain only digits and slashes.',
    });
    expect(errorsOf({ ...valid, birthday: '13/40' })).toEqual({ birthday: 'Birthday must be MM/DD or MM/DD/YYYY.' });
    // A day that does not exist is refused; February 29 is a birthday, in a leap year when the year is given.
    for (const day of ['02/30', '2/31', '04/31', '11/31', '02/29/2001']) expect(errorsOf({ ...valid, birthday: day }), day).toEqual({ birthday: 'Birthday must be MM/DD or MM/DD/YYYY.' });
    for (const day of ['02/29', '02/29/2000', '01/31', '12/31/1999']) expect(customerFields.safeParse({ ...valid, birthday: day }).success, day).toBe(true);
  });

  it('checks the phone format when one is given', () => {
    expect(customerFields.parse({ ...valid, phone: '(555) 201-3344' }).phone).toBe('(555) 201-3344');
    expect(errorsOf({ ...valid, phone: 'call me' })).toEqual({ phone: 'Please enter a valid phone number.' });
  });
});

describe('a US customer ZIP (issue 17)', () => {
  const base = { firstName: 'Ada', lastName: 'Lovelace' };
  it('is checked as an order ship-to ZIP is', () => {
    const r = customerFields.safeParse({ ...base, zip: '9021A' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['zip'], message: 'ZIP must be 5 digits (or ZIP+4).' });
    expect(customerFields.safeParse({ ...base, zip: '90210-1234' }).success).toBe(true);
    expect(customerFields.safeParse({ ...base }).success).toBe(true);
  });
  it('is refused in the same words wherever a US ZIP is typed: customer, quote, billing', () => {
    const quote = quoteBody.safeParse({ fromZip: '78701', toZip: '9021A', parcel: { weightOz: 10, lengthIn: 6, widthIn: 6, heightIn: 6 } });
    const billing = payBody.safeParse({ zip: '9021AB' });
    const zipMessage = (issues: { path: PropertyKey[]; message: string }[] | undefined, field: string) => issues?.find((i) => i.path.at(-1) === field)?.message;
    expect(zipMessage(customerFields.safeParse({ ...base, zip: '9021A' }).error?.issues, 'zip')).toBe('ZIP must be 5 digits (or ZIP+4).');
    expect(zipMessage(quote.error?.issues, 'toZip')).toBe('ZIP must be 5 digits (or ZIP+4).');
    expect(zipMessage(billing.error?.issues, 'zip')).toBe('ZIP must be 5 digits (or ZIP+4).');
  });
  it('is not held to US rules in another country', () => {
    expect(customerFields.safeParse({ ...base, country: 'CA', zip: 'K1A 0B1' }).success).toBe(true);
  });
});
