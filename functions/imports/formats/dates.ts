import { type DateOrder, isCalendarDay } from '../../../shared/domain/date-order.js';
import { RowError } from '../imported-order.js';

/**
 * Order dates as the exports write them, to ISO 8601 in UTC. Each pattern is read strictly (no Date.parse
 * guessing): an ISO date-time with or without offset ("2024-03-05 14:22:10 -0500", Shopify), a numeric date with an
 * optional 12- or 24-hour time ("3/5/24 2:22 PM", Etsy, PayPal, our template; "05.03.2024" from a European
 * spreadsheet) read in the file's date order (shared/domain/date-order.ts decides it from the whole file, or the
 * seller does), eBay's "Mar-05-24" and "05-Mar-24", a written month ("Nov 9, 2026", "10 November 2026") or year first
 * with slashes ("2026/11/11"), each of which has one reading. A time with no offset is read in `zone` (minutes east of UTC,
 * or an IANA zone), UTC by default.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i;
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EBAY = /^([A-Za-z]{3})-(\d{1,2})-(\d{4}|\d{2})$/;
const EBAY_DAY_FIRST = /^(\d{1,2})-([A-Za-z]{3})-(\d{4}|\d{2})$/;
/** A spreadsheet's or a person's written date: "Nov 9, 2026", "November 9th 2026", "9 Nov 2026", "10 November 2026". */
const WRITTEN_MONTH_FIRST = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const WRITTEN_DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/i;
/** Year first with slashes ("2026/11/11"): never day before month. */
const YEAR_FIRST_SLASHES = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const FULL_MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 1 to 12 for a month's name, its three letters or "Sept"; 0 for anything else (a word that only starts like one). */
function monthNamed(name: string): number {
  const n = name.toLowerCase();
  const i = n.length === 3 ? MONTH_NAMES.indexOf(n) : n === 'sept' ? 8 : FULL_MONTHS.indexOf(n);
  return i + 1;
}

export type Zone = number | string;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC, when the text says. */
  offset?: number;
}

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function offsetMinutes(text: string | undefined): number | undefined {
  if (!text) return undefined;
  if (/^(z|utc)$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function hour24(hour: string | undefined, meridiem: string | undefined): number {
  const h = Number(hour ?? 0);
  if (!meridiem) return h;
  if (h < 1 || h > 12) return Number.NaN;
  return (h % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
}

function partsOf(text: string, order: DateOrder): Parts | undefined {
  let m = ISO.exec(text);
  if (m) {
    return {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4] ?? 0),
      minute: Number(m[5] ?? 0),
      second: Number(m[6] ?? 0),
      offset: offsetMinutes(m[7]),
    };
  }
  m = NUMERIC.exec(text);
  if (m) {
    const [month, day] = order === 'dmy' ? [m[2], m[1]] : [m[1], m[2]];
    return {
      year: fullYear(m[3]!),
      month: Number(month),
      day: Number(day),
      hour: hour24(m[4], m[7]),
      minute: Number(m[5] ?? 0),
      second: Number(m[6] ?? 0),
      offset: offsetMinutes(m[8]),
    };
  }
  m = EBAY.exec(text);
  if (m) {
    const month = MONTH_NAMES.indexOf(m[1]!.toLowerCase()) + 1;
    return { year: fullYear(m[3]!), month, day: Number(m[2]), hour: 0, minute: 0, second: 0 };
  }
  m = EBAY_DAY_FIRST.exec(text);
  if (m) {
    const month = MONTH_NAMES.indexOf(m[2]!.toLowerCase()) + 1;
    return { year: fullYear(m[3]!), month, day: Number(m[1]), hour: 0, minute: 0, second: 0 };
  }
  m = WRITTEN_MONTH_FIRST.exec(text);
  if (m) return { year: Number(m[3]), month: monthNamed(m[1]!), day: Number(m[2]), hour: 0, minute: 0, second: 0 };
  m = WRITTEN_DAY_FIRST.exec(text);
  if (m) return { year: Number(m[3]), month: monthNamed(m[2]!), day: Number(m[1]), hour: 0, minute: 0, second: 0 };
  m = YEAR_FIRST_SLASHES.exec(text);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 };
  return undefined;
}

/** Minutes east of UTC of an IANA zone at a moment (daylight saving included). */
function zoneOffset(zone: string, utcMillis: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(utcMillis)
    .find((p) => p.type === 'timeZoneName')?.value;
  return offsetMinutes(name?.replace(/^GMT/, '') || 'Z') ?? 0;
}

/** The wall-clock time in `zone` as a UTC instant. */
function inZone(wall: number, zone: Zone): number {
  if (typeof zone === 'number') return wall - zone * 60_000;
  // The offset at the wall time read as UTC is right except within hours of a change; a second pass settles it.
  const first = wall - zoneOffset(zone, wall) * 60_000;
  return wall - zoneOffset(zone, first) * 60_000;
}

/**
 * ISO 8601 (UTC) of a date cell; RowError when it is empty or not a real date in a known pattern. `order` is the
 * file's date order, as the import decided it before reading its rows ('mdy' for a single value read alone).
 */
export function isoDate(text: string, column: string, zone: Zone = 0, order: DateOrder = 'mdy'): string {
  const t = text.trim();
  if (!t) throw new RowError(`Missing ${column}.`);
  const p = partsOf(t, order);
  const wall = p ? Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) : Number.NaN;
  const real =
    p &&
    !Number.isNaN(wall) &&
    isCalendarDay(p.year, p.month, p.day) &&
    p.hour < 24 &&
    p.minute < 60 &&
    p.second < 60;
  if (!real) throw new RowError(`${column} '${t}' is not a date.`);
  return new Date(p.offset === undefined ? inZone(wall, zone) : wall - p.offset * 60_000).toISOString();
}

// Zone abbreviations PayPal writes in its TimeZone column (minutes east of UTC); they name the offset in force.
const ABBREVIATIONS: Readonly<Record<string, number>> = {
  UTC: 0,
  GMT: 0,
  HST: -600,
  AKST: -540,
  AKDT: -480,
  PST: -480,
  PDT: -420,
  MST: -420,
  MDT: -360,
  CST: -360,
  CDT: -300,
  EST: -300,
  EDT: -240,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  BST: 60,
  CET: 60,
  CEST: 120,
};

// Square writes Rails' zone names ("Eastern Time (US & Canada)"); the ones of the countries we ship within.
const ZONE_NAMES: Readonly<Record<string, string>> = {
  'eastern time (us & canada)': 'America/New_York',
  'central time (us & canada)': 'America/Chicago',
  'mountain time (us & canada)': 'America/Denver',
  'pacific time (us & canada)': 'America/Los_Angeles',
  arizona: 'America/Phoenix',
  alaska: 'America/Juneau',
  hawaii: 'Pacific/Honolulu',
  'atlantic time (canada)': 'America/Halifax',
  newfoundland: 'America/St_Johns',
  saskatchewan: 'America/Regina',
  'puerto rico': 'America/Puerto_Rico',
  utc: 'Etc/UTC',
};

function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone a time-zone cell names: an abbreviation, a Rails name or an IANA name; UTC when empty. */
export function zoneOf(text: string, column: string): Zone {
  const t = text.trim();
  if (!t) return 0;
  const offset = ABBREVIATIONS[t.toUpperCase()];
  if (offset !== undefined) return offset;
  const named = ZONE_NAMES[t.toLowerCase()];
  if (named) return named;
  if (t.includes('/') && isIanaZone(t)) return t;
  throw new RowError(`${column} '${t}' is not a time zone.`);
}
