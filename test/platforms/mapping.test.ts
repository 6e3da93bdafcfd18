import { describe, expect, it } from 'vitest';
import {
  address,
  buyer,
  dollars,
  epochSeconds,
  fromCents,
  fromDivisor,
  isoDate,
  itemsSubtotal,
  quantity,
  splitName,
} from '../../functions/adapters/platforms/mapping.js';

/** The pure pieces every connector maps a platform's order with. */
describe('money', () => {
  it('reads decimal amounts as numbers or strings, to the cent, and nothing usable as 0', () => {
    expect([dollars('12.50'), dollars(' 7 '), dollars(19.999), dollars(0.1 + 0.2)]).toEqual([12.5, 7, 20, 0.3]);
    expect([dollars(undefined), dollars(''), dollars('12,50'), dollars('abc'), dollars(Number.NaN)]).toEqual([0, 0, 0, 0, 0]);
  });

  it("reads Square's cents and Etsy's amount over divisor", () => {
    expect([fromCents(4211), fromCents('599'), fromCents(undefined)]).toEqual([42.11, 5.99, 0]);
    expect([fromDivisor({ amount: 1250, divisor: 100 }), fromDivisor({ amount: 5, divisor: 1 }), fromDivisor({ amount: 300 }), fromDivisor(undefined)]).toEqual([12.5, 5, 300, 0]);
  });

  it('sums unit price times quantity for platforms without a subtotal', () => {
    expect(itemsSubtotal([{ name: 'a', quantity: 3, price: 0.1 }, { name: 'b', quantity: 2, price: 14.5 }])).toBe(29.3);
    expect(itemsSubtotal([])).toBe(0);
  });
});

describe('quantities and dates', () => {
  it('makes a whole quantity of at least one', () => {
    expect([quantity('2'), quantity(3), quantity(2.6), quantity(undefined), quantity(0), quantity(-4)]).toEqual([2, 3, 3, 1, 1, 1]);
  });

  it('reads ISO strings with offsets and epoch seconds into ISO 8601 UTC', () => {
    expect(isoDate('2026-03-01T10:15:00-05:00')).toBe('2026-03-01T15:15:00.000Z');
    expect(isoDate(1772380800)).toBe('2026-03-01T16:00:00.000Z');
    expect(epochSeconds('2026-03-01T00:00:00.000Z')).toBe(1772323200);
  });
});

describe('names, addresses and buyers', () => {
  it('splits a full name at its last word', () => {
    expect(splitName('Evelyn Boyd Granville')).toEqual({ firstName: 'Evelyn Boyd', lastName: 'Granville' });
    expect(splitName(' Cher ')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitName(undefined)).toEqual({ firstName: '', lastName: '' });
  });

  it('turns a US state given by name or as ISO 3166-2 into its code, drops blanks, and defaults the country to US', () => {
    expect(address({ name: 'Ada', address1: '1 Main St', address2: '  ', city: 'Austin', state: 'Texas', zip: '78701' })).toEqual({
      name: 'Ada',
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    });
    expect(address({ address1: '5 Rocket Ave', state: 'US-OH', country: 'us' })).toEqual({ address1: '5 Rocket Ave', state: 'OH', country: 'US' });
    // Outside the US the state is kept as the platform gives it.
    expect(address({ city: 'Toronto', state: 'ON', country: 'CA' })).toEqual({ city: 'Toronto', state: 'ON', country: 'CA' });
  });

  it('is no address at all without a street, city or ZIP', () => {
    expect(address({ name: 'Only A Name', country: 'US', phone: '555' })).toBeUndefined();
  });

  it('names the buyer from first/last, else the full name, else the address, else the email', () => {
    const shipTo = { name: 'Mae Jemison', address1: '400 Shuttle Blvd', phone: '312-555-0134', company: 'Dorothy Co' };
    expect(buyer({ firstName: 'Ada', lastName: 'Lovelace', email: ' Ada@Example.com ' })).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(buyer({ fullName: 'Katherine Johnson' })).toEqual({ firstName: 'Katherine', lastName: 'Johnson' });
    expect(buyer({ address: shipTo, marketingAllowed: false })).toEqual({
      firstName: 'Mae',
      lastName: 'Jemison',
      phone: '312-555-0134',
      company: 'Dorothy Co',
      address: shipTo,
      marketingAllowed: false,
    });
    expect(buyer({ email: 'v0buyer@scs.tiktokw.us' })).toEqual({ firstName: 'v0buyer', lastName: '', email: 'v0buyer@scs.tiktokw.us' });
    expect(buyer({})).toEqual({ firstName: 'Unknown', lastName: '' });
  });
});
