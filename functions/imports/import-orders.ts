import { MESSAGES } from '../../shared/api/messages.js';
import { US_ZIP } from '../../shared/schemas/customer.js';
import type { CsvProgress, RowIssue } from '../data/csv-jobs.js';
import type { CsvImporter } from './csv-job.js';
import { isTrailerLine, rowOf } from './csv-reader.js';
import type { CsvRow } from './formats/format.js';
import { recognizeOrderFormat } from './formats/index.js';
import { type ImportedOrder, RowError } from './imported-order.js';
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

/**
 * An orders export of a platform we recognise by its header, or our template. Consecutive rows with the same order
 * key are one order (one row per item). Rows count as done only once their order is written (or reported), so a
 * job resumed after a crash starts at an order's first row.
 */
export const importOrders: CsvImporter = (sellerId, header, read) => {
  const format = recognizeOrderFormat(header);
  if (!format) return undefined;
  const resolver = new CustomerResolver(sellerId, undefined, read.runId);
  let group: { key: string; line: number; rows: CsvRow[] } | undefined;
  let ready: ImportedOrder[] = [];
  let issues: RowIssue[] = [];
  /** Rows of closed orders not yet written, and rows with no order at all (totals lines, blank keys). */
  let settledRows = 0;

  const close = () => {
    if (!group) return;
    try {
      const order = format.toOrder(group.rows, read);
      ready.push(order);
      // Imported all the same (the seller can correct it in the order's details), but said now, by its line.
      const problem = addressIssue(order, String(group.line));
      if (problem) issues.push({ line: group.line, reason: problem, warning: true });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      issues.push({ line: group.line, reason: err.message });
    }
    settledRows += group.rows.length;
    group = undefined;
  };

  /**
   * The batch whose effects are being written while the next one is read and put: its rows, and the issues of its
   * lines, count once `done` resolves (a job resumed after a crash does that batch again, which counts once).
   */
  let inFlight: { done: Promise<UpsertResult>; rows: number; issues: RowIssue[] } | undefined;

  const settle = async (progress: CsvProgress) => {
    if (!inFlight) return;
    const { done, rows, issues: lines } = inFlight;
    inFlight = undefined;
    const r = await done;
    progress.ordersCreated += r.created;
    progress.ordersUpdated += r.updated;
    progress.customersCreated += r.customersCreated;
    progress.errors.push(...lines);
    progress.rowsDone += rows;
  };

  const flush = async (progress: CsvProgress) => {
    const started = ready.length > 0 ? await beginImportedOrders(sellerId, ready, resolver) : undefined;
    await settle(progress);
    inFlight = { done: started?.done ?? Promise.resolve({ created: 0, updated: 0, customersCreated: 0 }), rows: settledRows, issues };
    ready = [];
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
      } else {
        group ??= { key, line, rows: [] };
        group.rows.push(row);
      }
      // The open order is not in `ready`: flushing now leaves it, and its rows, for later.
      if (ready.length >= BATCH) await flush(progress);
    },
    async finish(progress) {
      close();
      await flush(progress);
      await settle(progress);
    },
    settle,
  };
};
