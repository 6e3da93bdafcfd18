import type { ImportedItem, ImportedOrder } from '../imported-order.js';
import { RowError } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate, zoneOf } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { customerOf, requiredCell, requireItems } from './parts.js';
import { squareTransactionStatus } from './square-transactions.js';
import { amount, currencyCode, optionalAmount, quantity, round2 } from './values.js';

/**
 * Square's item details export (Dashboard > Reports > Item sales, or Transactions > Export > Item Details CSV): one
 * row per item sold, grouped into orders by Transaction ID (the same key as the transactions export, so importing
 * both updates one order and this file's items replace the other's single line). Gross Sales is the row's price
 * times its Qty; Discounts (negative) and Tax are the row's own. Refund rows (Event Type Refund) are skipped.
 * Items sold by weight ("Qty" 1.5, a Unit) cannot be a parcel item and are reported, as in the orders export.
 *
 * Source of each column: the export's header as Square's dashboard writes it (Date, Time, Time Zone, Category,
 * Item, Qty, Price Point Name, SKU, Modifiers Applied, Gross Sales, Discounts, Net Sales, Tax, Transaction ID,
 * Payment ID, Device Name, Notes, Details, Event Type, Location, Dining Option, Customer ID, Customer Name, Customer
 * Reference ID, Unit, Count, Itemization Type, ...), as reproduced verbatim in public tools and sample files that
 * read it (the oldest, from 2014, already has Date ... Payment ID), and Square's help article on the sales summary
 * (squareup.com/help/us/en/article/5530) for Gross Sales, Discounts and Net Sales.
 *   Transaction ID -> order key and number; Date + Time + Time Zone -> order date; Item + Price Point Name -> item
 *   name ("Regular" is Square's name for an item's only price point, left out); SKU -> sku; Qty -> quantity; Gross
 *   Sales / Qty -> unit price; Discounts -> total less; Tax -> tax; Customer Name -> customer.
 */

function isSale(row: CsvRow): boolean {
  const type = cell(row, 'Event Type').toLowerCase();
  return !type || type === 'payment';
}

function item(row: CsvRow): ImportedItem {
  const title = cell(row, 'Item');
  if (!title) throw new RowError('Missing Item.');
  const count = quantity(cell(row, 'Qty'), 'Qty');
  const gross = amount(cell(row, 'Gross Sales'), 'Gross Sales');
  const point = cell(row, 'Price Point Name');
  const sku = cell(row, 'SKU');
  return {
    ...(sku ? { sku } : {}),
    name: point && point.toLowerCase() !== 'regular' ? `${title} - ${point}` : title,
    quantity: count,
    price: round2(gross / count),
  };
}

const sum = (rows: readonly CsvRow[], column: string) => round2(rows.reduce((total, row) => total + optionalAmount(cell(row, column), column), 0));

export const squareItemsFormat: CsvOrderFormat = {
  id: 'square-items',
  label: 'Square item details export',
  matches: (header) => hasColumns(header, ['Date', 'Time', 'Category', 'Item', 'Qty', 'Gross Sales', 'Net Sales', 'Transaction ID']),
  dateColumns: ['Date'],
  orderKey: (row) => (isSale(row) ? keyOf(row, cell(row, 'Transaction ID')) : ''),
  toOrder(rows, read): ImportedOrder {
    const id = requiredCell(rows[0]!, 'Transaction ID');
    const first = (column: string) => firstCell(rows, column);
    const items = requireItems(rows.map(item));
    const subtotal = sum(rows, 'Gross Sales');
    // Square writes discounts negative ("-$3.00"); some spreadsheets drop the sign.
    const discounts = Math.abs(sum(rows, 'Discounts'));
    const tax = sum(rows, 'Tax');
    const zone = zoneOf(first('Time Zone'), 'Time Zone');
    return {
      source: 'square',
      platformOrderId: id,
      orderNumber: id,
      orderDate: isoDate(`${first('Date')} ${first('Time')}`.trim(), 'Date', zone, read?.dateOrder),
      // A sale rung up on a device (no online Channel) was handed over at the counter.
      status: squareTransactionStatus(first('Channel') || (first('Device Name') ? 'Point of Sale' : ''), ''),
      customer: customerOf({ fullName: first('Customer Name') }),
      items,
      currency: currencyCode(undefined, [first('Gross Sales')]),
      subtotal,
      shipping: 0,
      tax,
      total: round2(subtotal - discounts + tax),
    };
  },
};
