import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder, } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, itemsSubtotal, requiredCell, requireItems } from './parts.js';
import { amount, currencyCode, optionalAmount, round2 } from './values.js';

/**
 * eBay's orders report (Seller Hub > Orders > Download report, "Orders report"): one row per order, or for an
 * order of several items a row of order totals followed by a row per item, all with its Order Number; dates as
 * "Mar-05-24", amounts as "$24.99", the country by name. The report ends with lines that are not orders
 * ("5 record(s) downloaded ...", "Seller ID: ..."), skipped. eBay forbids marketing to its buyers.
 *
 * Source of each column (issue 19 check): the report's header as Seller Hub writes it, reproduced verbatim in public
 * tools that read it ("Sales Record Number, Order Number, Buyer Username, Buyer Name, Buyer Email, Buyer Note, Buyer
 * Address 1 ... Buyer Country, Ship To Name, Ship To Phone, Ship To Address 1, Ship To Address 2, Ship To City, Ship
 * To State, Ship To Zip, Ship To Country, Item Number, Item Title, Custom Label, Sold Via Promoted Listings,
 * Quantity, Sold For, Shipping And Handling, Seller Collected Tax, eBay Collected Tax, Total Price, eBay Collected
 * Tax Included in Total, Payment Method, Sale Date, Paid On Date, Ship By Date, ..., Shipped On Date, ..."). What that
 * check changed: eBay's UK site writes the ship-to as "Post To Name ... Post To County, Post To Postcode, Post To
 * Country" and the names in sentence case ("Sales record number"), and leaves Order Number blank on some rows (the
 * record number is then the order's key): all three are read. Sources not found in published eBay documentation:
 * "Variation Details" (kept from the earlier mapping, read only when present).
 *   Order Number (else Sales Record Number) -> key and number; Buyer Name, Ship To/Post To Name, Buyer Username ->
 *   customer; Buyer Email -> email; Ship To/Post To ... -> ship-to; Item Title, Custom Label, Quantity, Sold For
 *   (unit), Variation Details -> items; Shipping And Handling -> shipping; Seller + eBay Collected Tax -> tax;
 *   Total Price -> total; Sale Date -> date; Paid On Date, Shipped On Date -> status.
 */

/** Shipped once it has a ship date, awaiting payment while unpaid: the eBay connector's reading. */
export function ebayStatus(paidOn: string, shippedOn: string): OrderStatus {
  if (shippedOn.trim()) return 'shipped';
  if (!paidOn.trim()) return 'pending';
  return 'unshipped';
}

/** The order's number: Order Number, or the record number on rows that leave it blank (the UK site). */
const numberOf = (row: CsvRow) => cell(row, 'Order Number') || (/^\d+$/.test(cell(row, 'Sales Record Number')) ? cell(row, 'Sales Record Number') : '');

/** The order a row belongs to; '' for the report's closing lines, which have text but no record number. */
function orderKey(row: CsvRow): string {
  const number = numberOf(row);
  if (!number) return '';
  return keyOf(row, number);
}

const item = (row: CsvRow) =>
  itemFrom(row, { name: 'Item Title', sku: 'Custom Label', quantity: 'Quantity', price: 'Sold For', variation: 'Variation Details' });

export const ebayFormat: CsvOrderFormat = {
  id: 'ebay',
  label: 'eBay orders report',
  matches: (header) => hasColumns(header, ['Sales Record Number', 'Order Number', 'Buyer Username', 'Sold For', 'Total Price', 'Sale Date']),
  dateColumns: ['Sale Date'],
  orderKey,
  toOrder(rows, read): ImportedOrder {
    const number = numberOf(rows[0]!) || requiredCell(rows[0]!, 'Order Number');
    // eBay's UK site says "Post To" where the US site says "Ship To".
    const first = (column: string) => firstCell(rows, column) || (column.startsWith('Ship To ') ? firstCell(rows, column.replace('Ship To ', 'Post To ')) : '');
    // The totals row of a multi-item order has no Item Title; its items follow it.
    const items = requireItems(rows.filter((r) => cell(r, 'Item Title')).map(item));
    const shipTo = addressOf(
      {
        name: first('Ship To Name'),
        address1: first('Ship To Address 1'),
        address2: first('Ship To Address 2'),
        city: first('Ship To City'),
        state: first('Ship To State') || first('Post To County'),
        zip: first('Ship To Zip') || first('Post To Postcode'),
        country: first('Ship To Country'),
        phone: first('Ship To Phone'),
      },
      'Ship To Country',
    );
    const customer = customerOf({
      fullName: first('Buyer Name') || first('Ship To Name') || first('Buyer Username'),
      email: first('Buyer Email'),
      phone: first('Ship To Phone'),
      ...(shipTo ? { address: shipTo } : {}),
      marketingAllowed: false,
    });
    const tax = round2(
      optionalAmount(first('Seller Collected Tax'), 'Seller Collected Tax') + optionalAmount(first('eBay Collected Tax'), 'eBay Collected Tax'),
    );
    return {
      source: 'ebay',
      platformOrderId: number,
      orderNumber: number,
      orderDate: isoDate(first('Sale Date'), 'Sale Date', 0, read?.dateOrder),
      status: ebayStatus(first('Paid On Date'), first('Shipped On Date')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode(undefined, [first('Total Price'), first('Sold For')]),
      subtotal: itemsSubtotal(items),
      shipping: optionalAmount(first('Shipping And Handling'), 'Shipping And Handling'),
      tax,
      total: amount(first('Total Price'), 'Total Price'),
    };
  },
};
