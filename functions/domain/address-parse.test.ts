import { describe, expect, it } from 'vitest';
import { parseUsAddress } from './address-parse.js';

describe('parseUsAddress', () => {
  it('reads name, street, unit, city, state and ZIP on separate lines', () => {
    expect(parseUsAddress('Jane Doe\n123 Main St\nApt 4B\nAustin, TX 78701')).toEqual({
      ok: true,
      address: { name: 'Jane Doe', address1: '123 Main St', address2: 'Apt 4B', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });
  });
  it('reads one line separated by commas, with ZIP+4 and a unit inside the street', () => {
    expect(parseUsAddress('Jane Doe, 500 W. 2nd Street Suite 200, Austin, TX 78701-1234')).toEqual({
      ok: true,
      address: {
        name: 'Jane Doe',
        address1: '500 W. 2nd Street',
        address2: 'Suite 200',
        city: 'Austin',
        state: 'TX',
        zip: '78701-1234',
        country: 'US',
      },
    });
  });
  it('takes state names, cities of several words, a company and a country line', () => {
    const r = parseUsAddress('Bob Smith\nAcme Candles LLC\n42 Ocean Ave #3\nSan Luis Obispo California 93401\nUSA');
    expect(r).toEqual({
      ok: true,
      address: {
        name: 'Bob Smith',
        company: 'Acme Candles LLC',
        address1: '42 Ocean Ave',
        address2: '#3',
        city: 'San Luis Obispo',
        state: 'CA',
        zip: '93401',
        country: 'US',
      },
    });
  });
  it('reads a street without a name and a PO box', () => {
    expect(parseUsAddress('123 Main St, Springfield, IL 62701')).toMatchObject({
      ok: true,
      address: { address1: '123 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
    });
    expect(parseUsAddress('PO Box 12\nNew York NY 10001')).toMatchObject({
      ok: true,
      address: { address1: 'PO Box 12', city: 'New York', state: 'NY', zip: '10001' },
    });
  });
  it('says what it cannot read', () => {
    expect(parseUsAddress('Jane Doe\n123 Main St\nAustin TX')).toMatchObject({ ok: false, missing: ['ZIP code'] });
    const noStreet = parseUsAddress('Jane Doe\nAustin, TX 78701');
    expect(noStreet).toMatchObject({ ok: false, missing: ['street address'] });
    const junk = parseUsAddress('hello there');
    expect(junk.ok).toBe(false);
    if (!junk.ok) expect(junk.message).toBe('We could not read the ZIP code, state, city and street address in that address. Please enter it in the fields.');
  });
});
