import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { addDateEvidence, type DateEvidence } from '../../shared/domain/date-order.js';
import { cell } from './formats/columns.js';
import type { CsvRow } from './formats/format.js';

/** One record of a CSV file and the line it starts on (1 is the header), for reporting a bad row to the seller. */
export interface CsvLine {
  line: number;
  cells: string[];
}

const newlines = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);

/** How much of a file's start is read to find its separator: its header line is far shorter. */
const HEAD_BYTES = 64 * 1024;

/** How many times `delimiter` separates cells in `line` (outside quotes). */
function separations(line: string, delimiter: string): number {
  let quoted = false;
  let n = 0;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) n++;
  }
  return n;
}

/**
 * The separator of a file among `delimiters` (the first assumed): the one its first line holds most of, so a
 * spreadsheet saved with semicolons (in a language whose decimal mark is the comma) or tabs is read by its columns.
 * The bytes read to decide are handed on before the rest.
 */
async function separated(input: Readable, delimiters: readonly string[]): Promise<{ delimiter: string; stream: Readable }> {
  const [assumed = ','] = delimiters;
  if (delimiters.length < 2) return { delimiter: assumed, stream: input };
  const source = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let text = '';
  while (!/\S.*\n/.test(text) && text.length < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) break;
    head.push(Buffer.isBuffer(next.value) ? next.value : Buffer.from(String(next.value)));
    text = Buffer.concat(head).toString('utf8');
  }
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const delimiter = delimiters.reduce((best, d) => (separations(line, d) > separations(line, best) ? d : best), assumed);
  const rest = async function* () {
    yield* head;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  };
  return { delimiter, stream: Readable.from(rest()) };
}

/**
 * Streams the records of a CSV file, never holding more than csv-parse's buffer: files of any size take the same
 * memory. Rows may be short or long (spreadsheets drop trailing empty cells); empty lines are skipped. Cells are
 * separated by the one of `delimiters` the file's first line uses (csv-file.ts DELIMITERS: per kind of upload).
 */
export async function* csvLines(input: Readable, delimiters: readonly string[] = [',']): AsyncGenerator<CsvLine> {
  const { delimiter, stream } = await separated(input, delimiters);
  const parser = stream.pipe(parse({ bom: true, delimiter, info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }));
  for await (const { info, record } of parser as AsyncIterable<{ info: { lines: number }; record: string[] }>) {
    // info.lines is where the record ends; a quoted cell may span lines.
    yield { line: info.lines - newlines(record), cells: record };
  }
}

/** Header names as the formats compare them: trimmed (eBay's older sales history puts a tab before the first). */
export const headerOf = (cells: readonly string[]) => cells.map((c) => c.trim());

/** A row of nothing but empty cells: the padding eBay's reports put before their header and between rows. */
export const isBlankRow = (cells: readonly string[]) => cells.every((c) => !c.trim());

// Lines reports end with that are not data, in one cell: eBay's "12 record(s) downloaded, from ... to ..." and
// "Seller ID: ...", Square's and PayPal's totals lines of some exports ("Total", "Totals").
const TRAILERS = [/^\d+\s+record\(s\)\s+downloaded/i, /^seller\s+id\s*:/i, /^totals?:?$/i];

/** A known closing line of a report: skipped like a blank row, never reported as a bad order. */
export function isTrailerLine(cells: readonly string[]): boolean {
  const filled = cells.map((c) => c.trim()).filter(Boolean);
  return filled.length === 1 && TRAILERS.some((t) => t.test(filled[0]!));
}

/**
 * The file's header: its first row with something in it, names trimmed; rows of empty cells before it are skipped
 * (they are no line of data). Undefined for a file with no such row.
 */
export async function readHeader(lines: AsyncGenerator<CsvLine>): Promise<string[] | undefined> {
  for (;;) {
    const next = await lines.next();
    if (next.done) return undefined;
    if (!isBlankRow(next.value.cells)) return headerOf(next.value.cells);
  }
}

/** A record as an object by header name; missing cells are empty, values trimmed. */
export function rowOf(header: readonly string[], cells: readonly string[]): CsvRow {
  const row: CsvRow = {};
  header.forEach((name, i) => {
    if (name) row[name] = (cells[i] ?? '').trim();
  });
  return row;
}

export interface CsvInspection {
  header: string[];
  /** Records after the header (what the job's progress counts). */
  rows: number;
  /** What the date columns' cells say of the order of day and month (shared/domain/date-order.ts). */
  dates: DateEvidence;
}

/**
 * The header, the number of data records and the date evidence of a file (an upload being checked), without
 * keeping its rows. `dateColumns` names, for the header found, the columns whose cells are the orders' dates.
 */
export async function inspectCsv(
  input: Readable,
  dateColumns: (header: string[]) => readonly string[] = () => [],
  delimiters: readonly string[] = [','],
): Promise<CsvInspection> {
  const lines = csvLines(input, delimiters);
  const header = (await readHeader(lines)) ?? [];
  const columns = header.length > 0 ? dateColumns(header) : [];
  let rows = 0;
  let dates: DateEvidence = {};
  for await (const { cells } of lines) {
    rows++;
    if (columns.length === 0) continue;
    const row = rowOf(header, cells);
    for (const column of columns) dates = addDateEvidence(dates, cell(row, column));
  }
  return { header, rows, dates };
}
