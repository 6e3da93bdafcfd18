import { COUNTRIES, isCountry, usStateCode } from '../../../shared/domain/geo.js';
import { RowError } from '../imported-order.js';

/**
 * Cell values of order exports in our terms. A cell is data, whatever it starts with: '=SUM(A1)' as a name stays
 * that text, and as an amount it is not a number. Failures are RowErrors naming the column as the file does.
 */

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

// Currency marks around an amount: "$", "US$", "CA$", "€", "£", "₹", "USD" before or after.
const CURRENCY = /^(?:[A-Z]{3}\s*|[A-Z]{0,2}\$\s*|[€£₹¥]\s*)|\s*(?:[A-Z]{3}|€)$/g;
const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;

/**
 * Dollars from an amount cell as exports and spreadsheets write it ("$1,234.50", "USD 12.00", "-3.00", "(3.00)");
 * '' is 0, since exports leave empty what is nothing.
 */
export function optionalAmount(text: string, column: string): number {
  const t = text.trim();
  if (!t) return 0;
  let body = t;
  let signs = 0;
  if (/^\(.*\)$/.test(body)) {
    signs++;
    body = body.slice(1, -1).trim();
  }
  // The minus may come before or after the currency mark: "-$3.00", "$-3.00".
  const unsign = () => {
    if (!body.startsWith('-')) return;
    signs++;
    body = body.slice(1).trim();
  };
  unsign();
  body = body.replace(CURRENCY, '').trim();
  unsign();
  if (!body || signs > 1 || !NUMBER.test(body)) throw new RowError(`${column} '${t}' is not a number.`);
  const value = Number(body.replace(/,/g, ''));
  return round2(signs ? -value : value);
}

/** Dollars from an amount cell that must be there. */
export function amount(text: string, column: string): number {
  if (!text.trim()) throw new RowError(`Missing ${column}.`);
  return optionalAmount(text, column);
}

/** A whole quantity of at least 1. */
export function quantity(text: string, column: string): number {
  const t = text.trim();
  if (!t) throw new RowError(`Missing ${column}.`);
  if (!/^\d+(\.0+)?$/.test(t.replace(/,/g, ''))) throw new RowError(`${column} '${t}' is not a number.`);
  const n = Number(t.replace(/,/g, ''));
  if (n < 1) throw new RowError(`${column} must be at least 1.`);
  return n;
}

/** "Ada King Lovelace" -> Ada King / Lovelace; "Cher" -> Cher / "". The last word is the last name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

const ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
};

/** ISO 3166-1 alpha-2 from a code or an English name; US when the cell is empty. */
export function countryCode(text: string, column = 'Country'): string {
  const t = text.trim();
  if (!t) return 'US';
  if (t.length === 2 && isCountry(t)) return t.toUpperCase();
  const lower = t.toLowerCase();
  const code = COUNTRIES.find((c) => c.name.toLowerCase() === lower)?.code ?? ALIASES[lower];
  if (!code) throw new RowError(`${column} '${t}' is not recognised.`);
  return code;
}

/** A US state as its code when the cell names one ("Texas", "tx"); other countries' regions as given. */
export function stateCode(text: string, country: string): string {
  const t = text.trim();
  return country === 'US' ? (usStateCode(t) ?? t) : t;
}

/** Zip codes keep their leading zeros: spreadsheets and Shopify write "'02134" to stop them being numbers. */
export function zipCode(text: string): string {
  return text.trim().replace(/^'/, '');
}

/**
 * A ZIP as above, and a US one that a spreadsheet read as a number gets back the leading zeros it lost (02134 saved
 * as 2134): no US ZIP has fewer than 5 digits. Other countries' postal codes as given.
 */
export function usZipCode(text: string, country: string): string {
  const zip = zipCode(text);
  const short = country === 'US' ? /^(\d{3,4})(-\d{4})?$/.exec(zip) : null;
  return short ? `${short[1]!.padStart(5, '0')}${short[2] ?? ''}` : zip;
}

/** A yes/no cell ("yes", "true", "1", "Y"); undefined when empty or anything else. */
export function yesNo(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(t)) return true;
  if (['no', 'n', 'false', '0'].includes(t)) return false;
  return undefined;
}

/** The currency when nothing in the file names one: the seller's own (the product sells in the US). */
export const DEFAULT_CURRENCY = 'USD';

// Marks that name one currency; a bare "$" does not (dollars of the US, Canada, Australia...).
const MARKS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '₹': 'INR', '¥': 'JPY', US$: 'USD', CA$: 'CAD', C$: 'CAD', A$: 'AUD', AU$: 'AUD' };

/** The currency an amount cell names by its code or mark ("EUR 12.00", "€12,00", "CA$5"); undefined for none. */
export function currencyOfAmount(text: string): string | undefined {
  const t = text.trim().replace(/^-|^\(/, '');
  const code = /^([A-Z]{3})\s*[\d.,-]|[\d.]\s*([A-Z]{3})\)?$/.exec(t);
  if (code) return code[1] ?? code[2];
  const mark = /^([A-Z]{0,2}\$|[€£₹¥])|([€])$/.exec(t);
  return mark ? MARKS[mark[1] ?? mark[2] ?? ''] : undefined;
}

/**
 * An order's currency (ISO 4217): its currency column's code, else what its amounts are written in, else the
 * seller's own. A column with something that is not a code is refused rather than guessed.
 */
export function currencyCode(code: { text: string; column: string } | undefined, amounts: readonly string[] = []): string {
  const t = code?.text.trim().toUpperCase() ?? '';
  if (t) {
    if (!/^[A-Z]{3}$/.test(t)) throw new RowError(`${code?.column} '${code?.text.trim()}' is not a currency code.`);
    return t;
  }
  for (const a of amounts) {
    const found = currencyOfAmount(a);
    if (found) return found;
  }
  return DEFAULT_CURRENCY;
}
