import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { CsvRow } from './formats/format.js';

/** One record of a CSV file and the line it starts on (1 is the header), for reporting a bad row to the seller. */
export interface CsvLine {
  line: number;
  cells: string[];
}

const newlines = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);

/**
 * Streams the records of a CSV file, never holding more than csv-parse's buffer: files of any size take the same
 * memory. Rows may be short or long (spreadsheets drop trailing empty cells); empty lines are skipped.
 */
export async function* csvLines(input: Readable): AsyncGenerator<CsvLine> {
  const parser = input.pipe(parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }));
  for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
    // info.lines is where the record ends; a quoted cell may span lines.
    yield { line: info.lines - newlines(record), cells: record };
  }
}

/** Header names as the formats compare them: trimmed. */
export const headerOf = (cells: readonly string[]) => cells.map((c) => c.trim());

/** A record as an object by header name; missing cells are empty, values trimmed. */
export function rowOf(header: readonly string[], cells: readonly string[]): CsvRow {
  const row: CsvRow = {};
  header.forEach((name, i) => {
    if (name) row[name] = (cells[i] ?? '').trim();
  });
  return row;
}

/** The header and the number of data records of a file held in memory (an upload being checked), without keeping them. */
export async function inspectCsv(input: Readable): Promise<{ header: string[]; rows: number }> {
  let header: string[] = [];
  let rows = 0;
  for await (const { cells } of csvLines(input)) {
    if (header.length === 0) header = headerOf(cells);
    else rows++;
  }
  return { header, rows };
}
