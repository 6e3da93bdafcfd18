import { ebayFormat } from './ebay.js';
import { etsyFormat } from './etsy.js';
import { etsyItemsFormat } from './etsy-items.js';
import type { CsvOrderFormat } from './format.js';
import { payPalFormat } from './paypal.js';
import { shopifyFormat } from './shopify.js';
import { squareFormat } from './square.js';
import { templateFormat } from './template.js';
import { wooCommerceFormat } from './woocommerce.js';

/**
 * Every orders CSV we import. Each format's header test is specific enough that exactly one of them (or none)
 * matches a header row; test/imports/formats.test.ts checks every format's header against all the others.
 */
export const ORDER_FORMATS: readonly CsvOrderFormat[] = [templateFormat, shopifyFormat, wooCommerceFormat, etsyFormat, etsyItemsFormat, squareFormat, payPalFormat, ebayFormat];

/** The format of a file by its header row (names trimmed, any case); undefined for anything else. */
export function recognizeOrderFormat(header: readonly string[]): CsvOrderFormat | undefined {
  return ORDER_FORMATS.find((format) => format.matches(header));
}
