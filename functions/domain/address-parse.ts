import { usStateCode } from '../../shared/domain/geo.js';
import type { PostalAddress } from '../../shared/domain/orders.js';

/** A US postal address read from pasted text: street, city, state and ZIP always found. */
export type ParsedAddress = Pick<PostalAddress, 'name' | 'company' | 'address2'> &
  Required<Pick<PostalAddress, 'address1' | 'city' | 'state' | 'zip'>> & { country: 'US' };

export type ParseResult = { ok: true; address: ParsedAddress } | { ok: false; message: string; missing: string[] };

const ZIP_AT_END = /(?:^|[\s,])(\d{5})(?:[-\s]?(\d{4}))?\s*$/;
const STREET = /^(\d+[A-Za-z]?(?:[-/]\d+)?\s+\S|p\.?\s*o\.?\s*box\b|rural route\b|rr\s+\d|hc\s+\d)/i;
const UNIT_WORDS = 'apt|apartment|suite|ste|unit|bldg|building|fl|floor|rm|room|lot|spc|space|dept|#';
const UNIT_ONLY = new RegExp(`^(?:${UNIT_WORDS})\\.?\\s*\\S+`, 'i');
const UNIT_IN_STREET = new RegExp(`\\s+((?:${UNIT_WORDS.replace('|#', '')})\\.?\\s+\\S+.*|#\\s*\\S+.*)$`, 'i');

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The state at the end of `text` (a code or a name of up to 3 words), and what comes before it. */
function takeState(text: string): { state?: string; rest: string } {
  const words = text.split(' ').filter(Boolean);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const code = usStateCode(words.slice(-n).join(' '));
    if (code) return { state: code, rest: words.slice(0, -n).join(' ') };
  }
  return { rest: text };
}

/**
 * Reads a US address pasted as one or several lines: name (and company), street, unit, city, state (code or
 * name), ZIP or ZIP+4. Lines may also be separated by commas. What it cannot find it names, instead of guessing.
 */
export function parseUsAddress(text: string): ParseResult {
  const parts = text
    .split(/\r?\n/)
    .flatMap((line) => line.split(','))
    .map(clean)
    .filter((p) => p.length > 0 && !/^(usa|us|united states(?: of america)?)$/i.test(p));

  const missing: string[] = [];
  let zip: string | undefined;
  let state: string | undefined;
  let city: string | undefined;

  // From the end: ZIP, then state, then city, each in the same part or the part before.
  let last = parts.pop() ?? '';
  const z = ZIP_AT_END.exec(last);
  if (z) {
    zip = z[2] ? `${z[1]}-${z[2]}` : z[1];
    last = clean(last.slice(0, z.index));
  } else missing.push('ZIP code');
  if (!last && parts.length > 0) last = parts.pop() ?? '';
  const s = takeState(last);
  if (s.state) {
    state = s.state;
    last = clean(s.rest);
  } else missing.push('state');
  if (!last && parts.length > 0 && !STREET.test(parts.at(-1) ?? '') && !UNIT_ONLY.test(parts.at(-1) ?? '')) last = parts.pop() ?? '';
  if (last && state) city = last;
  else if (!state && last) parts.push(last);
  if (!city) missing.push('city');

  const streetAt = parts.findIndex((p) => STREET.test(p));
  let address1: string | undefined;
  let address2: string | undefined;
  let name: string | undefined;
  let company: string | undefined;
  if (streetAt >= 0) {
    address1 = parts[streetAt];
    const before = parts.slice(0, streetAt);
    const after = parts.slice(streetAt + 1);
    const unit = address1 ? UNIT_IN_STREET.exec(address1) : null;
    if (unit && address1) {
      address2 = clean(unit[1] ?? '');
      address1 = clean(address1.slice(0, unit.index));
    }
    if (after.length > 0) address2 = clean([address2, ...after].filter(Boolean).join(' '));
    [name, company] = before;
    if (before.length > 2) company = before.slice(1).join(' ');
  } else missing.push('street address');

  if (missing.length > 0 || !address1 || !city || !state || !zip) {
    return { ok: false, missing, message: `We could not read the ${listOf(missing)} in that address. Please enter it in the fields.` };
  }
  return {
    ok: true,
    address: { ...(name && { name }), ...(company && { company }), address1, ...(address2 && { address2 }), city, state, zip, country: 'US' },
  };
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? 'address';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
