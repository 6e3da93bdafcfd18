import type { OrderStatus } from '../../../shared/domain/orders.js';
import { type ImportedItem, type ImportedOrder, RowError } from '../imported-order.js';
import { cell, hasColumns, keyOf } from './columns.js';
import { isoDate, zoneOf } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemsSubtotal, requiredCell } from './parts.js';
import { amount, currencyCode, optionalAmount, quantity, round2 } from './values.js';

/**
 * PayPal's activity download (Activity > Statements > Activity download, CSV, "Balance affecting" or "All"):
 * every money movement is a row; only payments received are sales. Withdrawals, currency conversions, refunds,
 * holds and fees are skipped, not reported. The date is the Date and Time columns in the TimeZone column's zone
 * ("PST", "PDT"); Gross is what the buyer paid, shipping and sales tax included.
 */

// Payment types that are money received for something sold; refunds and reversals are their own types.
const SALE_TYPES = /payment$/i;
const NOT_SALES = /refund|reversal|withdrawal|conversion|authorization|hold|fee|transfer|cash back/i;

/** True when the row is a payment received for a sale (the others are skipped). */
export function isPayPalSale(row: CsvRow): boolean {
  const type = cell(row, 'Type');
  if (!SALE_TYPES.test(type) || NOT_SALES.test(type)) return false;
  const impact = cell(row, 'Balance Impact').toLowerCase();
  if (impact && impact !== 'credit') return false;
  return !cell(row, 'Gross').trim().startsWith('-');
}

/** Our status of a PayPal payment status, as the PayPal connector reads its codes. */
export function payPalStatus(text: string): OrderStatus {
  const s = text.trim().toLowerCase();
  if (s === 'pending' || s === 'held' || s === 'unclaimed') return 'pending';
  if (['denied', 'reversed', 'refunded', 'canceled', 'cancelled', 'voided', 'failed'].includes(s)) return 'cancelled';
  return 'unshipped';
}

/**
 * The item line of a payment: Gross less shipping, insurance and tax, over Quantity. A quantity that does not
 * divide the amount into cents is kept in the name, so the order's money stays exact.
 */
function item(row: CsvRow, itemsAmount: number): ImportedItem {
  const title = cell(row, 'Item Title') || cell(row, 'Subject') || 'PayPal payment';
  const sku = cell(row, 'Item ID');
  const count = quantity(cell(row, 'Quantity') || '1', 'Quantity');
  const unit = round2(itemsAmount / count);
  const exact = round2(unit * count) === itemsAmount;
  return {
    ...(sku ? { sku } : {}),
    name: exact ? title : `${title} (x${count})`,
    quantity: exact ? count : 1,
    price: exact ? unit : itemsAmount,
  };
}

export const payPalFormat: CsvOrderFormat = {
  id: 'paypal',
  label: 'PayPal activity download',
  matches: (header) => hasColumns(header, ['Date', 'Time', 'TimeZone', 'Type', 'Gross', 'Transaction ID']),
  dateColumns: ['Date'],
  orderKey: (row) => (isPayPalSale(row) ? keyOf(row, cell(row, 'Transaction ID')) : ''),
  toOrder(rows, read): ImportedOrder {
    if (rows.length > 1) throw new RowError('Transaction ID appears on more than one row.');
    const row = rows[0]!;
    const id = requiredCell(row, 'Transaction ID');
    const total = amount(cell(row, 'Gross'), 'Gross');
    const shipping = round2(
      optionalAmount(cell(row, 'Shipping and Handling Amount'), 'Shipping and Handling Amount') +
        optionalAmount(cell(row, 'Insurance Amount'), 'Insurance Amount'),
    );
    const tax = optionalAmount(cell(row, 'Sales Tax'), 'Sales Tax');
    const itemsAmount = round2(total - shipping - tax);
    if (itemsAmount < 0) throw new RowError('Gross is less than its shipping and sales tax.');
    const lines = [item(row, itemsAmount)];
    const shipTo = addressOf(
      {
        name: cell(row, 'Name'),
        address1: cell(row, 'Address Line 1'),
        address2: cell(row, 'Address Line 2/District/Neighborhood'),
        city: cell(row, 'Town/City'),
        state: cell(row, 'State/Province/Region/County/Territory/Prefecture/Republic'),
        zip: cell(row, 'Zip/Postal Code'),
        country: cell(row, 'Country Code') || cell(row, 'Country'),
        phone: cell(row, 'Contact Phone Number'),
      },
      cell(row, 'Country Code') ? 'Country Code' : 'Country',
    );
    const customer = customerOf({
      fullName: cell(row, 'Name'),
      email: cell(row, 'From Email Address'),
      phone: cell(row, 'Contact Phone Number'),
      ...(shipTo ? { address: shipTo } : {}),
    });
    const zone = zoneOf(cell(row, 'TimeZone'), 'TimeZone');
    return {
      source: 'paypal',
      platformOrderId: id,
      orderNumber: cell(row, 'Invoice Number') || id,
      orderDate: isoDate(`${cell(row, 'Date')} ${cell(row, 'Time')}`.trim(), 'Date', zone, read?.dateOrder),
      status: payPalStatus(cell(row, 'Status')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items: lines,
      currency: currencyCode({ text: cell(row, 'Currency'), column: 'Currency' }, [cell(row, 'Gross')]),
      subtotal: itemsSubtotal(lines),
      shipping,
      tax,
      total,
    };
  },
};
