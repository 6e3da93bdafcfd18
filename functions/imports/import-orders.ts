import { MESSAGES } from '../../shared/api/messages.js';
import { US_ZIP } from '../../shared/schemas/customer.js';
import type { CsvProgress, RowIssue } from '../data/csv-jobs.js';
import type { CsvImporter } from './csv-job.js';
import { isTrailerLine, rowOf } from './csv-reader.js';
import type { CsvRow } from './formats/format.js';
import { recognizeOrderFormat } from './formats/index.js';
import { type ImportedOrder, RowError } from './imported-order.js';
import { forgetOldest } from '../services/bounded.js';
import { beginImportedOrders, CustomerResolver, IMPORT_BATCH, type UpsertResult } from './upsert-orders.js';

/**
 * Why a label could not go to the order's ship-to as imported, by its line: a US ZIP with a letter, or an address
 * given in part (a street, city, state or ZIP missing; US only has states and ZIPs asked). An order with no address at
 * all (a platform that gives none) is left alone: there is nothing to correct yet.
 */
function addressIssue(order: ImportedOrder, line: string): string | undefined {
  const to = order.shipTo;
  const given = (v: string | undefined) => !!v?.trim();
  if (!to || ![to.address1, to.city, to.state, to.zip].some(given)) return undefined;
  const us = !to.country || to.country.toUpperCase() === 'US';
  if (!given(to.address1) || !given(to.city) || (us && (!given(to.state) || !given(to.zip)))) return MESSAGES.importIncompleteAddress(line);
  if (us && !US_ZIP.test((to.zip ?? '').trim())) return MESSAGES.importBadAddress(line);
  return undefined;
}

/**
 * Orders are written a batch at a time (batch writes, then the batch's effects once, while the next batch is read and
 * put), progress saved after each batch's effects.
 */
const BATCH = IMPORT_BATCH;
const FIRST_LINES_KEPT = 10_000;

/**
 * An orders export of a platform we recognise by its header, or our template. Consecutive rows with the same order
 * key are one order (one row per item). Rows count as done only once their order is written (or reported), so a
 * job resumed after a crash starts at an order's first row.
 */
export const importOrders: CsvImporter = (sellerId, header, read) => {
  const format = recognizeOrderFormat(header);
  if (!format) return undefined;
  // A new order whose number another order already has is reported, not added (TakenNumbers, read once per import).
  const resolver = new CustomerResolver(sellerId, undefined, read.runId, { refuseTakenNumbers: MESSAGES.importNumberTaken });
  /** The order being read: its key, first line, rows, and the rows left out as exact repeats of one of them. */
  let group: { key: string; line: number; rows: CsvRow[]; seen: Map<string, number>; repeats: RowIssue[] } | undefined;
  let ready: ImportedOrder[] = [];
  /** The first line of each order in `ready`: an order the writer refuses is reported by it. */
  let lines = new Map<ImportedOrder, number>();
  let issues: RowIssue[] = [];
  /** Rows of closed orders not yet written, and rows with no order at all (totals lines, blank keys). */
  let settledRows = 0;
  /**
   * Keys of the orders already closed in this file. Rows are grouped as they come (the file is streamed, never
   * held), so a row of an order whose rows ended earlier would be read as a new version of it and replace the first
   * rows' items: it is refused instead. One short string per order of the file.
   */
  const closed = new Set<string>();
  /** Where the latest orders began, to point the seller at them (bounded: the message reads '?' past it). */
  const firstLineOf = new Map<string, number>();

  const close = () => {
    if (!group) return;
    closed.add(group.key);
    try {
      const order = format.toOrder(group.rows, read);
      ready.push(order);
      lines.set(order, group.line);
      // Imported all the same (the seller can correct it in the order's details), but said now, by its line.
      const problem = addressIssue(order, String(group.line));
      if (problem) issues.push({ line: group.line, reason: problem, warning: true });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      issues.push({ line: group.line, reason: err.message });
    }
    // A repeat's warning goes with its order: counted once with the order's rows, even across a resumed job.
    issues.push(...group.repeats);
    settledRows += group.rows.length + group.repeats.length;
    group = undefined;
  };

  /**
   * The batch whose effects are being written while the next one is read and put: its rows, and the issues of its
   * lines, count once `done` resolves (a job resumed after a crash does that batch again, which counts once).
   */
  let inFlight: { done: Promise<UpsertResult>; rows: number; issues: RowIssue[]; lines: Map<ImportedOrder, number> } | undefined;

  const settle = async (progress: CsvProgress) => {
    if (!inFlight) return;
    const { done, rows, issues: found, lines: lineOf } = inFlight;
    inFlight = undefined;
    const r = await done;
    progress.ordersCreated += r.created;
    progress.ordersUpdated += r.updated;
    progress.customersCreated += r.customersCreated;
    // Orders the writer left as they were (a label bought) or did not add (a number taken), by their first line.
    const refused = (r.refused ?? []).map(({ order, reason }) => ({ line: lineOf.get(order) ?? 0, reason }));
    progress.errors.push(...[...found, ...refused].sort((a, b) => a.line - b.line));
    progress.rowsDone += rows;
  };

  const flush = async (progress: CsvProgress) => {
    const started = ready.length > 0 ? await beginImportedOrders(sellerId, ready, resolver) : undefined;
    await settle(progress);
    inFlight = { done: started?.done ?? Promise.resolve({ created: 0, updated: 0, customersCreated: 0 }), rows: settledRows, issues, lines };
    ready = [];
    lines = new Map();
    issues = [];
    settledRows = 0;
  };

  return {
    format: format.id,
    async add({ line, cells }, progress) {
      const row = rowOf(header, cells);
      // A report's closing line ("12 record(s) downloaded ...") belongs to no order.
      const key = isTrailerLine(cells) ? '' : format.orderKey(row);
      if (group && group.key !== key) close();
      if (!key) {
        settledRows++;
      } else if (!group && closed.has(key)) {
        // Counted with the rows around it: a row refused is settled like a written one.
        issues.push({ line, reason: MESSAGES.importRowsApart(key, String(firstLineOf.get(key) ?? '?')) });
        settledRows++;
      } else {
        group ??= { key, line, rows: [], seen: new Map(), repeats: [] };
        firstLineOf.set(key, group.line);
        forgetOldest(firstLineOf, FIRST_LINES_KEPT);
        // The same row twice (a copy and paste, an export repeated) would add its item twice: kept once, said.
        const same = JSON.stringify(cells.map((c) => c.trim()));
        const first = group.seen.get(same);
        if (first !== undefined) {
          group.repeats.push({ line, reason: MESSAGES.importDuplicateRow(String(line), String(first)), warning: true });
        } else {
          group.seen.set(same, line);
          group.rows.push(row);
        }
      }
      // The open order is not in `ready`: flushing now leaves it, and its rows, for later.
      if (ready.length >= BATCH) await flush(progress);
    },
    skipped({ line, cells }) {
      // A row a resumed job does not read again: its order is still closed for the rest of the file.
      const key = isTrailerLine(cells) ? '' : format.orderKey(rowOf(header, cells));
      if (!key) return;
      if (!firstLineOf.has(key)) firstLineOf.set(key, line);
      closed.add(key);
    },
    async finish(progress) {
      close();
      await flush(progress);
      await settle(progress);
    },
    settle,
  };
};
