import { usStateCode } from '../../../shared/domain/geo.js';
import type { PostalAddress } from '../../../shared/domain/orders.js';
import type { ImportedAddress, ImportedCustomer, ImportedItem } from '../../imports/imported-order.js';

/**
 * Pieces every connector needs to turn a platform's order into ours: money in dollars from whatever units the
 * platform uses, names split, addresses and buyers in our shape, dates in ISO 8601. Pure; unit-tested in
 * test/platforms/mapping.test.ts.
 */

/** Dollars from a decimal amount as platforms send it (number or string, "12.50"); 0 for nothing or garbage. */
export function dollars(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(n) ? round2(n) : 0;
}

/** Dollars from an amount in the currency's minor unit (Square's `amount`, cents). */
export function fromCents(value: unknown): number {
  return round2(dollars(value) / 100);
}

/** Dollars from Etsy's Money ({ amount, divisor }): amount 1250 with divisor 100 is 12.50. */
export function fromDivisor(money: { amount?: unknown; divisor?: unknown } | undefined): number {
  if (!money) return 0;
  const divisor = dollars(money.divisor) || 1;
  return round2(dollars(money.amount) / divisor);
}

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/** A whole quantity of at least 1 (Square sends "2" as a string; nothing means one). */
export function quantity(value: unknown): number {
  const n = Math.round(dollars(value));
  return n >= 1 ? n : 1;
}

/** Sum of unit price times quantity, for platforms that give no subtotal. */
export function itemsSubtotal(items: readonly ImportedItem[]): number {
  return round2(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
}

/** ISO 8601 from a platform date (ISO string, or epoch seconds as Etsy and TikTok send). */
export function isoDate(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value * 1000).toISOString();
  if (typeof value === 'string' && value.trim()) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return new Date(at).toISOString();
  }
  return new Date(0).toISOString();
}

/** Epoch seconds of an ISO date, for platforms whose filters take them. */
export function epochSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** "Ada Lovelace" -> Ada / Lovelace; "Cher" -> Cher / ""; the last word is the last name. */
export function splitName(full: string | undefined): { firstName: string; lastName: string } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0]!, lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed || undefined;
};

/** A platform's address parts, as it sends them (strings, numbers, nothing). */
export type AddressFields = { [K in keyof PostalAddress]?: unknown };

/**
 * Our address from a platform's fields: blanks dropped, country as ISO alpha-2 (US when none), and a US state
 * given by name ("Texas") or as ISO 3166-2 ("US-TX", Wix) turned into its code.
 */
export function address(fields: AddressFields): ImportedAddress | undefined {
  const country = (text(fields.country) ?? 'US').toUpperCase();
  let state = text(fields.state);
  if (state?.includes('-') && state.toUpperCase().startsWith(`${country}-`)) state = state.slice(country.length + 1);
  if (state && country === 'US') state = usStateCode(state) ?? state;
  const result: ImportedAddress = {
    name: text(fields.name),
    company: text(fields.company),
    address1: text(fields.address1),
    address2: text(fields.address2),
    address3: text(fields.address3),
    city: text(fields.city),
    state,
    zip: text(fields.zip),
    country,
    phone: text(fields.phone),
  };
  for (const key of Object.keys(result) as (keyof ImportedAddress)[]) if (result[key] === undefined) delete result[key];
  return result.address1 || result.city || result.zip ? result : undefined;
}

export interface BuyerFields {
  firstName?: unknown;
  lastName?: unknown;
  /** Used when the platform gives one name only. */
  fullName?: unknown;
  email?: unknown;
  phone?: unknown;
  company?: unknown;
  address?: ImportedAddress;
  /** False for marketplace buyers (Etsy, eBay, TikTok), whom we may not email marketing. */
  marketingAllowed?: boolean;
}

/** The buyer as our customer; a buyer with no name at all is named by email, or "Unknown" as a last resort. */
export function buyer(fields: BuyerFields): ImportedCustomer {
  let firstName = text(fields.firstName) ?? '';
  let lastName = text(fields.lastName) ?? '';
  if (!firstName && !lastName) ({ firstName, lastName } = splitName(text(fields.fullName) ?? fields.address?.name));
  const email = text(fields.email)?.toLowerCase();
  if (!firstName && !lastName) firstName = email?.split('@')[0] ?? 'Unknown';
  const customer: ImportedCustomer = { firstName, lastName };
  if (email) customer.email = email;
  const phone = text(fields.phone) ?? fields.address?.phone;
  if (phone) customer.phone = phone;
  const company = text(fields.company) ?? fields.address?.company;
  if (company) customer.company = company;
  if (fields.address) customer.address = fields.address;
  if (fields.marketingAllowed !== undefined) customer.marketingAllowed = fields.marketingAllowed;
  return customer;
}
