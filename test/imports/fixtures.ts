import { createReadStream, readFileSync } from 'node:fs';

/** The CSV fixtures of test/fixtures/csv and the figures every one of them must import to (expected.json). */
const DIR = new URL('../fixtures/csv/', import.meta.url);

export interface ExpectedImport {
  format: string;
  orders: number;
  customers: number;
  /** The orders' totals added up per currency (never across currencies): { USD: 12.5, CAD: 40 }. */
  totals: Record<string, number>;
  /** Lines reported as not imported. */
  badLines: number[];
  /** The seller's answer for a file whose dates read two ways (the upload screen's question). */
  dateOrder?: 'mdy' | 'dmy';
  /** The first order's date as imported (ISO), where the date order is what the fixture tests. */
  firstDate?: string;
}

export const EXPECTED_IMPORTS: Record<string, ExpectedImport> = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8'));

export const fixtureText = (file: string) => readFileSync(new URL(file, DIR), 'utf8');

/** A fixture as a byte stream, the way the worker reads an upload from S3. */
export const fixtureStream = (file: string) => createReadStream(new URL(file, DIR));

/** Orders' totals added up per currency, to the cent: amounts of different currencies are never added as one. */
export function totalsByCurrency(orders: readonly { total: number; currency?: string | null }[]): Record<string, number> {
  const cents: Record<string, number> = {};
  for (const o of orders) {
    const c = o.currency || 'USD';
    cents[c] = (cents[c] ?? 0) + Math.round(o.total * 100);
  }
  return Object.fromEntries(Object.entries(cents).map(([c, n]) => [c, n / 100]));
}
