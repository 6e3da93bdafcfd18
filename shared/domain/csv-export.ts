/**
 * A CSV file a seller downloads (the reports). A cell that begins with = + - @ (or a tab or carriage return) is one a
 * spreadsheet would run as a formula: it is prefixed with ' so it shows as text (OWASP, CSV injection). Pure: the web
 * app builds the file from the table it shows.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text escaped against formulas and quoted when it holds a comma, quote or newline. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first the header) as CSV text, lines ended by CRLF as RFC 4180 has it. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
