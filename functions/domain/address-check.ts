import { usStateCode } from '../../shared/domain/geo.js';
import type { ShipTo } from '../../shared/schemas/shipping.js';

/** The first digit of a ZIP is the USPS national area; each state lies in one (Publication 65). */
const ZIP_AREA: Record<string, string> = {
  '0': 'CT MA ME NH NJ PR RI VT VI AE',
  '1': 'DE NY PA',
  '2': 'DC MD NC SC VA WV',
  '3': 'AL FL GA MS TN AA',
  '4': 'IN KY MI OH',
  '5': 'IA MN MT ND SD WI',
  '6': 'IL KS MO NE',
  '7': 'AR LA OK TX',
  '8': 'AZ CO ID NM NV UT WY',
  '9': 'AK CA HI OR WA GU AS MP AP',
};

export type AddressCheck = { ok: true } | { ok: false; errors: Record<string, string> };

/** US ship-to addresses: ZIP format, a real state whose ZIP area matches, a plausible city. */
export function checkAddress(to: Pick<ShipTo, 'city' | 'state' | 'zip' | 'country'>): AddressCheck {
  if ((to.country ?? 'US') !== 'US') return { ok: true };
  const errors: Record<string, string> = {};
  if (!/^\d{5}(-\d{4})?$/.test(to.zip)) errors.zip = 'ZIP must be 5 digits (or ZIP+4).';
  const state = usStateCode(to.state);
  if (!state) errors.state = `${to.state} is not a US state.`;
  else if (!errors.zip && !ZIP_AREA[to.zip[0]!]!.split(' ').includes(state))
    errors.zip = `ZIP ${to.zip} is not in ${state}.`;
  if (!/^[A-Za-z][A-Za-z .'-]*$/.test(to.city.trim())) errors.city = 'City may contain only letters, spaces, periods and hyphens.';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true };
}
