import type { DateOrder } from '../../../shared/domain/date-order.js';
import type { ImportedOrder } from '../imported-order.js';

/** One CSV row by header name, as csv-parse gives it with `columns: true` (header names trimmed). */
export type CsvRow = Record<string, string>;

/**
 * A CSV export format we recognise by its header row (functions/imports/formats/<id>.ts, one per format).
 * Exports with one row per item (Shopify, WooCommerce, eBay, ...) repeat the order's key on each of its rows;
 * the rows of one order are consecutive, so the import groups consecutive rows with the same `orderKey`.
 */
export interface CsvOrderFormat {
  /** 'shopify', 'woocommerce', 'etsy', 'square', 'paypal', 'ebay', 'template'. */
  id: string;
  /** Name shown to the seller ("Shopify orders export"). */
  label: string;
  /** True when this header row is this format's. Header names are compared trimmed, case-insensitively. */
  matches(header: readonly string[]): boolean;
  /**
   * The columns holding the order's date as the file writes it: their cells, over the whole file, decide whether
   * its numeric dates are day-first or month-first (shared/domain/date-order.ts) before any row is read.
   */
  dateColumns: readonly string[];
  /** The order a row belongs to. Rows whose key is empty are skipped as non-order rows. */
  orderKey(row: CsvRow): string;
  /**
   * One order from its rows (one or more, in file order). Throws RowError with a reason the seller can act on.
   * `read.dateOrder` is the file's date order, decided before its rows are read ('mdy' when not given).
   */
  toOrder(rows: readonly CsvRow[], read?: FileReading): ImportedOrder;
}

/** What the import knows of the whole file before it reads a row. */
export interface FileReading {
  dateOrder: DateOrder;
  /** The job reading the file: orders a crashed delivery of it already counted are still this job's (its summary). */
  runId?: string;
}
