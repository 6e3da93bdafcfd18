import type { ImportedOrder } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import { ebayStatus } from './ebay.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, itemsSubtotal, requiredCell, requireItems } from './parts.js';
import { amount, currencyCode, optionalAmount, round2 } from './values.js';

/**
 * eBay's older sales history (Selling Manager / Selling Manager Pro > Sold > Download sales history, CSV), still
 * what many sellers keep. The file begins with a row of empty cells and its first column name often has a tab
 * before it (csv-reader skips and trims those), and ends with "N record(s) downloaded ..." and "Seller ID: ..."
 * lines (skipped). One row per sale; an order of several items (a combined purchase) is a row of the order's totals
 * followed by a row per item, all with its Order ID; a single sale may have none, and is then its own order by
 * Sales Record Number. Dates as "Mar-05-14" (US site) or "05-Mar-14" (UK site); amounts as "$24.99" or "£12.00".
 *
 * Source of each column: the header of the download as eBay writes it, as reproduced verbatim in public scripts
 * that read it ("Sales Record Number, User Id, Buyer Fullname, Buyer Phone Number, Buyer Email, Buyer Address 1,
 * Buyer Address 2, Buyer City, Buyer State, Buyer Zip, Buyer Country, Order ID, Item ID, Transaction ID, Item Title,
 * Quantity, Sale Price, Shipping And Handling, Sales Tax, Insurance, Total Price, Payment Method, PayPal Transaction
 * ID, Sale Date, Checkout Date, Paid on Date, Shipped on Date, ... Custom Label, ... Variation Details, ... Tracking
 * Number"), and eBay's help page "Selling Manager - updating sales records" (pages.ebay.com/help/sell/sales-record.html)
 * for what the buyer columns hold (User ID, registration email, the postal address of checkout).
 *   Sales Record Number -> the order key when there is no Order ID; User Id -> name of last resort;
 *   Buyer Fullname, Buyer Email, Buyer Phone Number -> customer; Buyer Address 1/2, City, State, Zip, Country ->
 *   address (the ship-to: eBay fills it from checkout); Item Title, Custom Label (SKU), Quantity, Sale Price
 *   (unit), Variation Details -> items; Shipping And Handling + Insurance -> shipping; Sales Tax -> tax;
 *   Total Price -> total; Sale Date -> order date; Paid on Date, Shipped on Date -> status.
 */

const ID_COLUMN = 'Order ID';

/** The order a row belongs to: its Order ID, else its own record number; '' for lines with neither (padding). */
function orderKey(row: CsvRow): string {
  const id = cell(row, ID_COLUMN);
  if (id) return keyOf(row, id);
  const record = cell(row, 'Sales Record Number');
  if (!/^\d+$/.test(record)) return '';
  return keyOf(row, `record-${record}`);
}

const item = (row: CsvRow) =>
  itemFrom(row, { name: 'Item Title', sku: 'Custom Label', quantity: 'Quantity', price: 'Sale Price', variation: 'Variation Details' });

export const ebaySalesHistoryFormat: CsvOrderFormat = {
  id: 'ebay-sales-history',
  label: 'eBay Selling Manager sales history',
  matches: (header) => hasColumns(header, ['Sales Record Number', 'User Id', 'Buyer Fullname', 'Sale Price', 'Total Price', 'Sale Date']),
  dateColumns: ['Sale Date'],
  orderKey,
  toOrder(rows, read): ImportedOrder {
    const first = (column: string) => firstCell(rows, column);
    const record = requiredCell(rows[0]!, 'Sales Record Number');
    const number = cell(rows[0]!, ID_COLUMN) || record;
    // The totals row of a combined purchase has no Item Title; its items follow it.
    const items = requireItems(rows.filter((r) => cell(r, 'Item Title')).map(item));
    const shipTo = addressOf(
      {
        name: first('Buyer Fullname'),
        address1: first('Buyer Address 1'),
        address2: first('Buyer Address 2'),
        city: first('Buyer City'),
        state: first('Buyer State'),
        zip: first('Buyer Zip'),
        country: first('Buyer Country'),
        phone: first('Buyer Phone Number'),
      },
      'Buyer Country',
    );
    const customer = customerOf({
      fullName: first('Buyer Fullname') || first('User Id'),
      email: first('Buyer Email'),
      phone: first('Buyer Phone Number'),
      ...(shipTo ? { address: shipTo } : {}),
      marketingAllowed: false,
    });
    // A combined purchase's totals are on its first row; a single sale's on its only row.
    const totals = rows[0]!;
    return {
      source: 'ebay',
      platformOrderId: number,
      orderNumber: number,
      orderDate: isoDate(first('Sale Date'), 'Sale Date', 0, read?.dateOrder),
      status: ebayStatus(first('Paid on Date'), first('Shipped on Date')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode(undefined, [cell(totals, 'Total Price'), first('Sale Price')]),
      subtotal: itemsSubtotal(items),
      shipping: round2(
        optionalAmount(cell(totals, 'Shipping And Handling'), 'Shipping And Handling') + optionalAmount(cell(totals, 'Insurance'), 'Insurance'),
      ),
      tax: optionalAmount(cell(totals, 'Sales Tax'), 'Sales Tax'),
      total: amount(cell(totals, 'Total Price'), 'Total Price'),
    };
  },
};
