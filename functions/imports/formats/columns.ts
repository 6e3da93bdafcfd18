import type { CsvRow } from './format.js';

/**
 * Header names are compared trimmed and case-insensitively: spreadsheets re-save exports with other casing, and
 * stray spaces. Rows arrive keyed by the file's own (trimmed) header names.
 */
const key = (name: string) => name.trim().toLowerCase();

/** True when the header has every one of `names`. */
export function hasColumns(header: readonly string[], names: readonly string[]): boolean {
  const present = new Set(header.map(key));
  return names.every((n) => present.has(key(n)));
}

/** True when the header has none of `names` (what tells two look-alike exports apart). */
export function lacksColumns(header: readonly string[], names: readonly string[]): boolean {
  const present = new Set(header.map(key));
  return names.every((n) => !present.has(key(n)));
}

/**
 * A row's cell by its documented column name; '' when the file has no such column. The documented spelling is
 * tried first (the usual case, no search), then any casing.
 */
export function cell(row: CsvRow, name: string): string {
  const exact = row[name];
  if (exact !== undefined) return exact;
  const wanted = key(name);
  for (const [column, value] of Object.entries(row)) if (key(column) === wanted) return value;
  return '';
}

/** The first non-empty cell of the column among an order's rows: order-level values sit on its first row. */
export function firstCell(rows: readonly CsvRow[], name: string): string {
  for (const row of rows) {
    const value = cell(row, name);
    if (value) return value;
  }
  return '';
}

// Rows of a file are data until proven otherwise: a row with content but no order id is reported ("Missing ...")
// rather than skipped as a non-order row. No real order id is a control character.
const NO_ORDER_ID = '\u0000';

/** The order key of a row: its order id; for a row without one, '' when the row is empty, else a key toOrder refuses. */
export function keyOf(row: CsvRow, id: string): string {
  if (id) return id;
  return Object.values(row).some(Boolean) ? NO_ORDER_ID : '';
}
