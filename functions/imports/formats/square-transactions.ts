import type { OrderStatus } from '../../../shared/domain/orders.js';
import { type ImportedOrder, RowError } from '../imported-order.js';
import { cell, hasColumns, keyOf } from './columns.js';
import { isoDate, zoneOf } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { customerOf, requiredCell } from './parts.js';
import { amount, currencyCode, optionalAmount, round2 } from './values.js';

/**
 * Square's transactions export (Dashboard > Transactions > Export > Transactions CSV): one row per payment or
 * refund, money with its sign ("$22.50", "-$3.00"). Only payments are sales ("Event Type" Payment); refund rows are
 * skipped, not reported. It names no items one by one, only a Description ("Speckled Mug x 2, Fern Print x 1"),
 * so an order gets one line worth its Net Sales (gross less discounts) named by that description; the item
 * details export of the same days gives the real items under the same Transaction ID. Date and Time are in the
 * Time Zone column's zone (Rails names, "Pacific Time (US & Canada)"). No address: a sale at the counter ships
 * nowhere.
 *
 * Source of each column: the export's header as Square's dashboard writes it (Date, Time, Time Zone, Gross Sales,
 * Discounts, Service Charges, Net Sales, Gift Card Sales, Tax, Tip, Partial Refunds, Total Collected, Source, Card,
 * ..., Fees, Net Total, Transaction ID, Payment ID, ..., Details, Description, Event Type, Location, Dining Option,
 * Customer ID, Customer Name, Customer Reference ID, ..., Transaction Status), as reproduced verbatim in public tools
 * that read it, and Square's help article on the sales summary (squareup.com/help/us/en/article/5530) for what Gross
 * Sales, Discounts and Net Sales mean.
 *   Transaction ID -> order key and number; Date + Time + Time Zone -> order date; Description -> the line's name;
 *   Net Sales -> the line's price (subtotal); Tax -> tax; Total Collected -> total (tip included, as paid);
 *   Customer Name -> customer; Event Type -> which rows are sales; Source, Transaction Status -> status.
 */

/** True for a payment row (refunds and others are skipped). An export without Event Type has only payments. */
function isPayment(row: CsvRow): boolean {
  const type = cell(row, 'Event Type').toLowerCase();
  return !type || type === 'payment';
}

/**
 * A sale at the point of sale was handed over there; an online one awaits shipping; one not yet complete waits.
 */
export function squareTransactionStatus(source: string, status: string): OrderStatus {
  const s = status.trim().toLowerCase();
  if (s === 'pending') return 'pending';
  if (s === 'canceled' || s === 'cancelled' || s === 'failed') return 'cancelled';
  return /point of sale|register|terminal/i.test(source) ? 'delivered' : 'unshipped';
}

export const squareTransactionsFormat: CsvOrderFormat = {
  id: 'square-transactions',
  label: 'Square transactions export',
  matches: (header) => hasColumns(header, ['Date', 'Time', 'Time Zone', 'Gross Sales', 'Net Sales', 'Total Collected', 'Transaction ID']),
  dateColumns: ['Date'],
  orderKey: (row) => (isPayment(row) ? keyOf(row, cell(row, 'Transaction ID')) : ''),
  toOrder(rows, read): ImportedOrder {
    if (rows.length > 1) throw new RowError('Transaction ID appears on more than one row.');
    const row = rows[0]!;
    const id = requiredCell(row, 'Transaction ID');
    const net = amount(cell(row, 'Net Sales'), 'Net Sales');
    const customer = customerOf({ fullName: cell(row, 'Customer Name') });
    const zone = zoneOf(cell(row, 'Time Zone'), 'Time Zone');
    return {
      source: 'square',
      platformOrderId: id,
      orderNumber: id,
      orderDate: isoDate(`${cell(row, 'Date')} ${cell(row, 'Time')}`.trim(), 'Date', zone, read?.dateOrder),
      status: squareTransactionStatus(cell(row, 'Source'), cell(row, 'Transaction Status')),
      customer,
      items: [{ name: cell(row, 'Description') || 'Square sale', quantity: 1, price: net }],
      currency: currencyCode(undefined, [cell(row, 'Total Collected'), cell(row, 'Gross Sales')]),
      subtotal: net,
      shipping: 0,
      tax: optionalAmount(cell(row, 'Tax'), 'Tax'),
      total: round2(amount(cell(row, 'Total Collected'), 'Total Collected')),
    };
  },
};
