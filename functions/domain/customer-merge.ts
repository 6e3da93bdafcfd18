import { fullNameTerm, phoneDigits } from '../../shared/domain/customer-search.js';

/**
 * A customer's optional fields: the ones a merge may fill on the kept customer (names and country always have a
 * value, so the kept customer's stay).
 */
export const FILLABLE_FIELDS = [
  'email',
  'birthday',
  'phone',
  'address1',
  'address2',
  'address3',
  'city',
  'state',
  'zip',
  'company',
] as const;
type Fillable = (typeof FILLABLE_FIELDS)[number];
type Fields = Partial<Record<Fillable, string | null | undefined>>;

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/**
 * What the kept customer takes from a merged one: only the fields it has empty (the kept customer's own values
 * win). An address is one thing: it is filled whole, never a street from one and a city from another.
 */
export function fieldsToFill(kept: Fields, merged: Fields): Partial<Record<Fillable, string>> {
  const out: Partial<Record<Fillable, string>> = {};
  const ADDRESS = ['address1', 'address2', 'address3', 'city', 'state', 'zip'] as const;
  const keptHasAddress = ADDRESS.some((k) => !blank(kept[k]));
  for (const k of FILLABLE_FIELDS) {
    if ((ADDRESS as readonly string[]).includes(k) && keptHasAddress) continue;
    const v = merged[k];
    if (blank(kept[k]) && !blank(v)) out[k] = v!;
  }
  return out;
}

interface Matchable {
  customerId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** A merge candidate: another customer with the same email, phone (digits) or full name, ignoring case. */
export function isDuplicateOf(customer: Matchable, other: Matchable): boolean {
  if (customer.customerId === other.customerId) return false;
  const email = (c: Matchable) => c.email?.trim().toLowerCase() ?? '';
  if (email(customer) && email(customer) === email(other)) return true;
  if (phoneDigits(customer.phone) && phoneDigits(customer.phone) === phoneDigits(other.phone)) return true;
  return fullNameTerm(customer) !== '' && fullNameTerm(customer) === fullNameTerm(other);
}
