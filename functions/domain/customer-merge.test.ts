import { describe, expect, it } from 'vitest';
import { fieldsToFill, isDuplicateOf } from './customer-merge.js';

describe('fieldsToFill (merge keeps the kept customer, fills its empty fields)', () => {
  it('fills only what the kept customer lacks', () => {
    expect(fieldsToFill({ email: 'kept@x.co', phone: '' }, { email: 'merged@x.co', phone: '512 555 0100', birthday: '04/01' })).toEqual({
      phone: '512 555 0100',
      birthday: '04/01',
    });
  });
  it('takes a whole address only when the kept customer has none', () => {
    const merged = { address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
    expect(fieldsToFill({ city: 'Dallas' }, merged)).toEqual({});
    expect(fieldsToFill({}, merged)).toEqual(merged);
  });
});

describe('isDuplicateOf', () => {
  const ada = { customerId: 'a', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.co', phone: '(512) 555-0100' };
  it('matches the same email, phone digits or full name, ignoring case', () => {
    expect(isDuplicateOf(ada, { customerId: 'b', firstName: 'A', lastName: 'L', email: 'ADA@x.co' })).toBe(true);
    expect(isDuplicateOf(ada, { customerId: 'b', firstName: 'A', lastName: 'L', phone: '512.555.0100' })).toBe(true);
    expect(isDuplicateOf(ada, { customerId: 'b', firstName: 'ada', lastName: 'LOVELACE' })).toBe(true);
  });
  it('does not match itself or a different person', () => {
    expect(isDuplicateOf(ada, { ...ada })).toBe(false);
    expect(isDuplicateOf(ada, { customerId: 'b', firstName: 'Ada', lastName: 'Byron', email: 'other@x.co' })).toBe(false);
  });
});
