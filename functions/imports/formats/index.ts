import { MESSAGES } from '../../../shared/api/messages.js';
import { TEMPLATE_REQUIRED } from '../../../shared/domain/order-template.js';
import { hasColumns } from './columns.js';
import { ebayFormat } from './ebay.js';
import { ebaySalesHistoryFormat } from './ebay-sales-history.js';
import { etsyFormat } from './etsy.js';
import { etsyItemsFormat } from './etsy-items.js';
import type { CsvOrderFormat } from './format.js';
import { payPalFormat } from './paypal.js';
import { reportPointer } from './reports.js';
import { shopifyFormat } from './shopify.js';
import { squareFormat } from './square.js';
import { squareItemsFormat } from './square-items.js';
import { squareTransactionsFormat } from './square-transactions.js';
import { templateFormat } from './template.js';
import { wooCommerceFormat } from './woocommerce.js';

/**
 * Every orders CSV we import. Each format's header test is specific enough that exactly one of them (or none)
 * matches a header row; test/imports/formats.test.ts checks every format's header against all the others.
 */
export const ORDER_FORMATS: readonly CsvOrderFormat[] = [
  templateFormat,
  shopifyFormat,
  wooCommerceFormat,
  etsyFormat,
  etsyItemsFormat,
  squareFormat,
  squareTransactionsFormat,
  squareItemsFormat,
  payPalFormat,
  ebayFormat,
  ebaySalesHistoryFormat,
];

/** The format of a file by its header row (names trimmed, any case); undefined for anything else. */
export function recognizeOrderFormat(header: readonly string[]): CsvOrderFormat | undefined {
  return ORDER_FORMATS.find((format) => format.matches(header));
}

/** The columns of a recognised orders file whose cells decide its date order; none for anything else. */
export const orderDateColumns = (header: readonly string[]): readonly string[] => recognizeOrderFormat(header)?.dateColumns ?? [];

/**
 * Why an orders upload with this header is refused: the spec's message, and, for a report we know that is not
 * orders (a PayPal statement, a Shopify import template), what it looks like and which download to use instead.
 */
export function unsupportedOrdersMessage(header: readonly string[]): string {
  const pointer = reportPointer(header);
  if (pointer) return MESSAGES.unsupportedCsvReport(`It looks like ${pointer.looksLike}; please upload ${pointer.useInstead} instead.`);
  // A file with the template's Order Number and some more of its columns is the template with columns lost (a
  // spreadsheet's deleted column): naming them is what the seller needs to fix it.
  const missing = TEMPLATE_REQUIRED.filter((c) => !hasColumns(header, [c]));
  if (hasColumns(header, ['Order Number']) && missing.length < TEMPLATE_REQUIRED.length - 1) return MESSAGES.unsupportedCsvMissing(missing.join(', '));
  return MESSAGES.unsupportedCsv;
}
