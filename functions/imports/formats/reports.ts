import { hasColumns } from './columns.js';

/**
 * Reports sellers download that are not orders exports we read, recognised by their header so the refusal can say
 * what the file is and which download to use instead (MESSAGES.unsupportedCsvReport). Checked only once no orders
 * format matched: a report here never shadows a format.
 *
 * Sources of the headers:
 * - PayPal statement (monthly or custom statement, CSV): PayPal's "Monthly and Custom Statements" report
 *   documentation (developer.paypal.com/docs/reports/online-reports/monthly-statement/): one row per
 *   balance-affecting transaction with Description, Currency, Gross, Fee, Net, Balance and Transaction ID; it has
 *   no Type, Time or TimeZone column, which the activity download has.
 * - Shopify product CSV: Shopify Help Center, "Using CSV files to import and export products" and its sample
 *   product_template.csv (Handle/URL handle, Title, Body (HTML)/Description, Vendor, Variant SKU, Variant Price).
 * - Shopify order import template (the import apps' sheet, e.g. Matrixify's Orders sheet): "Name", "Command" and
 *   "Line: ..." columns. Written from the apps' sample sheets as remembered, not yet checked against a published one.
 * - Shopify customers export: Shopify Help Center, "Exporting customers" (First Name, Last Name, Email, Accepts Email
 *   Marketing, Default Address ...).
 */

export interface ReportPointer {
  /** What the file looks like, as the message says it ("a PayPal statement"). */
  looksLike: string;
  /** The download to use instead, with where to find it. */
  useInstead: string;
}

interface KnownReport extends ReportPointer {
  matches(header: readonly string[]): boolean;
}

const KNOWN_REPORTS: readonly KnownReport[] = [
  {
    looksLike: 'a PayPal statement',
    useInstead: 'the PayPal activity download (Activity > Statements > Activity download, CSV)',
    matches: (h) => hasColumns(h, ['Description', 'Currency', 'Gross', 'Fee', 'Net', 'Balance', 'Transaction ID']) && !hasColumns(h, ['Type']),
  },
  {
    looksLike: 'a Shopify product import template',
    useInstead: 'the Shopify orders export (Orders > Export, CSV for Excel, Numbers, or other spreadsheet programs)',
    matches: (h) => (hasColumns(h, ['Handle', 'Title']) || hasColumns(h, ['URL handle', 'Title'])) && (hasColumns(h, ['Variant Price']) || hasColumns(h, ['Body (HTML)'])),
  },
  {
    looksLike: 'a Shopify order import template',
    useInstead: 'the Shopify orders export (Orders > Export, CSV for Excel, Numbers, or other spreadsheet programs)',
    matches: (h) => hasColumns(h, ['Name', 'Command']) && h.some((name) => /^line:\s/i.test(name)),
  },
  {
    looksLike: 'a customer list',
    useInstead: 'it on the Customers screen (Upload Customers), or an orders export here',
    matches: (h) => hasColumns(h, ['First Name', 'Last Name', 'Email']) && hasColumns(h, ['Accepts Email Marketing']),
  },
];

/** Which known non-orders report a header is, and what to download instead; undefined for anything else. */
export function reportPointer(header: readonly string[]): ReportPointer | undefined {
  const found = KNOWN_REPORTS.find((r) => r.matches(header));
  return found && { looksLike: found.looksLike, useInstead: found.useInstead };
}
