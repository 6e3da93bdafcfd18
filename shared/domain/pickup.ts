import { MESSAGES } from '../api/messages.js';

/**
 * USPS Package Pickup's own limits (issue 17): the carrier comes on delivery days only (Monday to Saturday, never on
 * a federal holiday), from the next day on, and books at most PICKUP_MAX_DAYS_AHEAD days ahead; one pickup carries
 * at most PICKUP_MAX_PACKAGES packages. Pure: the form and the server refuse the same dates with the same words.
 * Dates are calendar days (YYYY-MM-DD) in UTC.
 */

export const PICKUP_MAX_DAYS_AHEAD = 30;
export const PICKUP_MAX_PACKAGES = 99;

const DAY = 24 * 3600 * 1000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The `n`th `weekday` (0 Sunday) of a month; n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month, 1);
    return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = utc(year, month + 1, 0);
  return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

/** The days the Postal Service is closed in `year`: the eleven federal holidays, a Sunday one moved to the Monday. */
export function postalHolidays(year: number): Set<string> {
  const fixed = [utc(year, 0, 1), utc(year, 5, 19), utc(year, 6, 4), utc(year, 10, 11), utc(year, 11, 25)].map((d) =>
    d.getUTCDay() === 0 ? new Date(d.getTime() + DAY) : d,
  );
  const moving = [
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 9, 1, 2), // Columbus Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving Day
  ];
  return new Set([...fixed, ...moving].map(iso));
}

export const PICKUP_MESSAGES = {
  date: MESSAGES.pickupDate,
  fromTomorrow: MESSAGES.pickupFromTomorrow,
  tooFar: MESSAGES.pickupTooFar(String(PICKUP_MAX_DAYS_AHEAD)),
  sunday: MESSAGES.pickupSunday,
  holiday: MESSAGES.pickupHoliday,
  packages: MESSAGES.pickupPackages(String(PICKUP_MAX_PACKAGES)),
} as const;

/** Why USPS cannot come on `date`, or undefined when it can; `today` is the seller's today (YYYY-MM-DD). */
export function pickupDateProblem(date: string, today: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || iso(new Date(`${date}T00:00:00Z`)) !== date) {
    return PICKUP_MESSAGES.date;
  }
  const day = new Date(`${date}T00:00:00Z`);
  const start = new Date(`${today}T00:00:00Z`);
  if (day.getTime() <= start.getTime()) return PICKUP_MESSAGES.fromTomorrow;
  if (day.getTime() > start.getTime() + PICKUP_MAX_DAYS_AHEAD * DAY) return PICKUP_MESSAGES.tooFar;
  if (day.getUTCDay() === 0) return PICKUP_MESSAGES.sunday;
  if (postalHolidays(day.getUTCFullYear()).has(date)) return PICKUP_MESSAGES.holiday;
  return undefined;
}

/** The first day from tomorrow on that USPS picks up. */
export function firstPickupDate(today: string): string {
  let day = new Date(`${today}T00:00:00Z`);
  for (let i = 0; i < 14; i++) {
    day = new Date(day.getTime() + DAY);
    if (!pickupDateProblem(iso(day), today)) return iso(day);
  }
  return iso(day);
}

/** Today's date in UTC, as the pickup rules read it. */
export const todayUtc = (now = new Date()) => iso(now);
