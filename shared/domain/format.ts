/**
 * How values read on every screen (spec section 9): dates MM/DD/YYYY, a missing date 'Never',
 * currency `$` with 2 decimals, an empty value 'N/A'. Pure, so web and functions (emails, PDFs) agree.
 */

export const NOT_AVAILABLE = 'N/A';
export const NEVER = 'Never';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A date with no time of day as stored: imports read a date-only cell ("11/22/2026") as UTC midnight (as do platform
 * connectors given one), and that instant is the evening before in every US zone. Exactly midnight UTC is taken to
 * be such a calendar day (docs/decisions.md "Date-only order dates"); a real timestamp lands on it to the
 * millisecond almost never, and then shows its UTC date.
 */
const UTC_MIDNIGHT = /^(\d{4})-(\d{2})-(\d{2})T00:00(?::00(?:\.0{1,3})?)?(?:Z|[+-]00:?00)$/;

function isBlank(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * MM/DD/YYYY. A date-only value ('2026-03-01', or one stored as its UTC midnight) is a calendar day and is never
 * shifted by a time zone;
 * a timestamp is shown in `timeZone` (the browser's own on screens; UTC where no person is looking).
 * Missing or unreadable dates read 'Never'.
 */
export function formatDate(value: string | Date | null | undefined, timeZone = 'UTC'): string {
  if (isBlank(value)) return NEVER;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value.trim()) ?? UTC_MIDNIGHT.exec(value.trim());
    if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NEVER;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.month}/${parts.day}/${parts.year}`;
}

const formats = new Map<string, Intl.NumberFormat>();

function moneyIn(currency: string): Intl.NumberFormat {
  let found = formats.get(currency);
  if (!found) {
    try {
      found = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // A code Intl does not know is still shown with its code, never as dollars.
      found = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const plain = found;
      found = { format: (n: number) => `${currency} ${plain.format(n)}` } as Intl.NumberFormat;
    }
    formats.set(currency, found);
  }
  return found;
}

/**
 * `$1,234.50`, or in the amount's own currency (`€12.00`, `CA$5.00`: an imported order keeps the currency it was
 * paid in); a missing amount is 'N/A' (never `$0.00`, which would claim a value).
 */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
  // -0 would print as "-$0.00"
  return moneyIn(currency || 'USD').format(value === 0 ? 0 : value);
}

/** The value as text, or 'N/A' when there is none. */
export function orNA(value: string | number | null | undefined): string {
  if (isBlank(value)) return NOT_AVAILABLE;
  if (typeof value === 'number') return Number.isNaN(value) ? NOT_AVAILABLE : String(value);
  return value;
}

/** "First Last", or 'N/A' when both are empty. */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return orNA([person.firstName, person.lastName].filter((p) => !isBlank(p)).join(' '));
}

/** A count with its noun: "1 order", "2 orders" (`many` where the plural is not the noun with an s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${noun(n, one, many)}`;
}

/** The word alone, for a count shown apart from it ("has <strong>1</strong> point"). */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}
