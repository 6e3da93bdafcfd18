import { createReadStream, readFileSync } from 'node:fs';

/** The CSV fixtures of test/fixtures/csv and the figures every one of them must import to (expected.json). */
const DIR = new URL('../fixtures/csv/', import.meta.url);

export interface ExpectedImport {
  format: string;
  orders: number;
  customers: number;
  /** The orders' totals added up, in dollars. */
  total: number;
  /** Lines reported as not imported. */
  badLines: number[];
}

export const EXPECTED_IMPORTS: Record<string, ExpectedImport> = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8'));

export const fixtureText = (file: string) => readFileSync(new URL(file, DIR), 'utf8');

/** A fixture as a byte stream, the way the worker reads an upload from S3. */
export const fixtureStream = (file: string) => createReadStream(new URL(file, DIR));
