/**
 * The order of day and month in a file's numeric dates ("05/03/2024"), decided from the whole file: a first number
 * above 12 can only be a day, a second above 12 only a day. A file whose every numeric date fits both readings
 * cannot tell, and its seller is asked; a date is never read in an order the file or the seller did not give.
 * Pure: the worker folds a file's date cells through it, and the upload screen uses its words to ask.
 */

export const DATE_ORDERS = ['mdy', 'dmy'] as const;

/** Whether day `day` of month `month` (1-12) exists in `year`: 02/30 never, 02/29 in a leap year only. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export type DateOrder = (typeof DATE_ORDERS)[number];

/** What a file's date cells say so far. */
export interface DateEvidence {
  /** A date whose first number is above 12 (so day-first), its text. */
  dayFirst?: string;
  /** A date whose second number is above 12 (so month-first), its text. */
  monthFirst?: string;
  /** A date that reads as two different days ("05/03/2024"), its text: the one to show when asking. */
  ambiguous?: string;
}

// Day and month, then a 2- or 4-digit year, with / . or - between; a time may follow. ISO (year first) is not one.
const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:$|[\sT,])/;

/** The two leading numbers of a numeric date ("05/03/24 14:00" -> [5, 3]); undefined for any other text. */
export function numericDateParts(text: string): [number, number] | undefined {
  const m = NUMERIC.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** The evidence with one more date cell added (the first example of each kind is kept). */
export function addDateEvidence(evidence: DateEvidence, text: string): DateEvidence {
  const parts = numericDateParts(text);
  if (!parts) return evidence;
  const [a, b] = parts;
  const t = text.trim();
  if (a > 12 && b <= 12 && !evidence.dayFirst) return { ...evidence, dayFirst: t };
  if (b > 12 && a <= 12 && !evidence.monthFirst) return { ...evidence, monthFirst: t };
  if (a <= 12 && b <= 12 && a !== b && !evidence.ambiguous) return { ...evidence, ambiguous: t };
  return evidence;
}

/**
 * The order to read the file in: the file's own when its dates settle it, else the seller's answer; 'ask' when
 * neither does. A file with dates of both kinds settles nothing: the seller's answer decides, and the dates that do
 * not fit it are refused row by row. A file whose dates all read the same either way (or has none) is read as 'mdy'.
 */
export function decideDateOrder(evidence: DateEvidence, answer?: DateOrder): DateOrder | 'ask' {
  const mixed = evidence.dayFirst && evidence.monthFirst;
  if (!mixed && evidence.dayFirst) return 'dmy';
  if (!mixed && evidence.monthFirst) return 'mdy';
  if (answer) return answer;
  if (mixed || evidence.ambiguous) return 'ask';
  return 'mdy';
}

/** The two readings of an example date, for the question the upload screen asks ("5 March 2024" / "May 3, 2024"). */
export function dateReadings(text: string): Record<DateOrder, string> | undefined {
  const m = NUMERIC.exec(text.trim());
  if (!m) return undefined;
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const name = (month: number) =>
    ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][month - 1];
  const a = Number(m[1]);
  const b = Number(m[2]);
  return {
    mdy: a <= 12 && b <= 31 ? `${name(a)} ${b}, ${year}` : 'not a date',
    dmy: b <= 12 && a <= 31 ? `${a} ${name(b)} ${year}` : 'not a date',
  };
}
