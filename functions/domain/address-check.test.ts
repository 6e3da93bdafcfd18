import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../shared/domain/geo.js';
import { checkAddress } from './address-check.js';

const DENVER = { city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

describe('checkAddress (US ship-to addresses before a label is bought)', () => {
  it('accepts a real address, ZIP+4, and a state by name or in lower case', () => {
    expect(checkAddress(DENVER)).toEqual({ ok: true });
    expect(checkAddress({ ...DENVER, zip: '80202-1234' })).toEqual({ ok: true });
    expect(checkAddress({ ...DENVER, state: 'Colorado' })).toEqual({ ok: true });
    expect(checkAddress({ ...DENVER, state: 'co' })).toEqual({ ok: true });
  });

  it('accepts DC, the territories and military states in their ZIP areas', () => {
    expect(checkAddress({ city: 'Washington', state: 'DC', zip: '20001', country: 'US' })).toEqual({ ok: true });
    expect(checkAddress({ city: 'San Juan', state: 'PR', zip: '00901', country: 'US' })).toEqual({ ok: true });
    expect(checkAddress({ city: 'Hagatna', state: 'GU', zip: '96910', country: 'US' })).toEqual({ ok: true });
    expect(checkAddress({ city: 'APO', state: 'AE', zip: '09001', country: 'US' })).toEqual({ ok: true });
  });

  it('places every state, DC, territory and military state in exactly one ZIP area', () => {
    // The freely associated states and the minor outlying islands have no area in the table: never accepted.
    const withoutArea = ['FM', 'MH', 'PW', 'UM'];
    for (const { code } of US_STATES.filter((s) => !withoutArea.includes(s.code))) {
      const areas = [...'0123456789'].filter((d) => checkAddress({ city: 'Town', state: code, zip: `${d}0000`, country: 'US' }).ok);
      expect(areas, code).toHaveLength(1);
    }
  });

  it('refuses a ZIP that is not 5 digits or ZIP+4', () => {
    for (const zip of ['8020', '802021', '802021234', '80202-12', 'ABCDE', '']) {
      expect(checkAddress({ ...DENVER, zip })).toEqual({ ok: false, errors: { zip: 'ZIP must be 5 digits (or ZIP+4).' } });
    }
  });

  it('refuses a state that is not a US state, saying what was given', () => {
    expect(checkAddress({ ...DENVER, state: 'ZZ' })).toEqual({ ok: false, errors: { state: 'ZZ is not a US state.' } });
    expect(checkAddress({ ...DENVER, state: 'Ontario' })).toEqual({ ok: false, errors: { state: 'Ontario is not a US state.' } });
  });

  it("refuses a ZIP outside the state's national area, naming the state by its code", () => {
    expect(checkAddress({ city: 'Austin', state: 'TX', zip: '10001', country: 'US' })).toEqual({ ok: false, errors: { zip: 'ZIP 10001 is not in TX.' } });
    expect(checkAddress({ city: 'Austin', state: 'Texas', zip: '10001', country: 'US' })).toEqual({ ok: false, errors: { zip: 'ZIP 10001 is not in TX.' } });
    expect(checkAddress({ city: 'Seattle', state: 'WA', zip: '80202', country: 'US' })).toEqual({ ok: false, errors: { zip: 'ZIP 80202 is not in WA.' } });
  });

  it('accepts city names with spaces, periods, apostrophes and hyphens, and refuses others', () => {
    for (const city of ['St. Louis', "O'Fallon", 'Winston-Salem', '  Denver  ']) {
      expect(checkAddress({ ...DENVER, city })).toEqual({ ok: true });
    }
    for (const city of ['123 Main', 'Denver!', '', '-Denver']) {
      expect(checkAddress({ ...DENVER, city })).toEqual({ ok: false, errors: { city: 'City may contain only letters, spaces, periods and hyphens.' } });
    }
  });

  it('reports every field at once, and no area error for a ZIP already refused', () => {
    expect(checkAddress({ city: '42', state: 'ZZ', zip: '1', country: 'US' })).toEqual({
      ok: false,
      errors: { zip: 'ZIP must be 5 digits (or ZIP+4).', state: 'ZZ is not a US state.', city: 'City may contain only letters, spaces, periods and hyphens.' },
    });
  });

  it('leaves addresses outside the US to the carrier', () => {
    expect(checkAddress({ city: 'Toronto 5', state: 'ON', zip: 'M5V 2T6', country: 'CA' })).toEqual({ ok: true });
  });
});
