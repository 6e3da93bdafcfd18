import type { OrderStatus } from '../../../shared/domain/orders.js';
import { type ImportedItem, type ImportedOrder, RowError } from '../imported-order.js';
import { cell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, requiredCell } from './parts.js';
import { amount, currencyCode, optionalAmount, quantity } from './values.js';

/**
 * Etsy's sold orders (Shop Manager > Settings > Options > Download Data > Orders, EtsySoldOrders<year>.csv): one
 * row per order, dates as "03/05/24", the country by name. The file names no items (they are in the separate
 * order-items download), so an order gets one line worth its Order Value: the count of items and the money are
 * right, the products are not known. Etsy forbids marketing to its buyers and gives no email.
 */

/** Canceled or refunded orders are off; a Date Shipped (or Completed) means shipped, as the Etsy connector reads. */
export function etsyStatus(status: string, dateShipped: string): OrderStatus {
  const s = status.trim().toLowerCase();
  if (s === 'canceled' || s === 'cancelled' || s === 'fully refunded') return 'cancelled';
  if (dateShipped.trim() || s === 'completed') return 'shipped';
  return 'unshipped';
}

/** The order's one line: what the file says about its items. */
function items(row: CsvRow): ImportedItem[] {
  const count = quantity(cell(row, 'Number of Items') || '1', 'Number of Items');
  const sku = cell(row, 'SKU');
  return [
    {
      ...(sku ? { sku } : {}),
      name: `Etsy order of ${count} item${count === 1 ? '' : 's'}`,
      quantity: 1,
      price: amount(cell(row, 'Order Value'), 'Order Value'),
    },
  ];
}

export const etsyFormat: CsvOrderFormat = {
  id: 'etsy',
  label: 'Etsy sold orders',
  matches: (header) => hasColumns(header, ['Sale Date', 'Order ID', 'Buyer User ID', 'Order Value', 'Order Total', 'Ship Zipcode']),
  dateColumns: ['Sale Date'],
  orderKey: (row) => keyOf(row, cell(row, 'Order ID')),
  toOrder(rows, read): ImportedOrder {
    if (rows.length > 1) throw new RowError('Order ID appears on more than one row.');
    const row = rows[0]!;
    const id = requiredCell(row, 'Order ID');
    const shipTo = addressOf(
      {
        name: cell(row, 'Full Name'),
        address1: cell(row, 'Street 1'),
        address2: cell(row, 'Street 2'),
        city: cell(row, 'Ship City'),
        state: cell(row, 'Ship State'),
        zip: cell(row, 'Ship Zipcode'),
        country: cell(row, 'Ship Country'),
      },
      'Ship Country',
    );
    const customer = customerOf({
      firstName: cell(row, 'First Name'),
      lastName: cell(row, 'Last Name'),
      fullName: cell(row, 'Full Name') || cell(row, 'Buyer User ID'),
      address: shipTo,
      marketingAllowed: false,
    });
    const lines = items(row);
    return {
      source: 'etsy',
      platformOrderId: id,
      orderNumber: id,
      orderDate: isoDate(cell(row, 'Sale Date'), 'Sale Date', 0, read?.dateOrder),
      status: etsyStatus(cell(row, 'Status'), cell(row, 'Date Shipped')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items: lines,
      currency: currencyCode({ text: cell(row, 'Currency'), column: 'Currency' }, [cell(row, 'Order Total')]),
      subtotal: lines[0]!.price,
      shipping: optionalAmount(cell(row, 'Shipping'), 'Shipping'),
      tax: optionalAmount(cell(row, 'Sales Tax'), 'Sales Tax'),
      total: amount(cell(row, 'Order Total'), 'Order Total'),
    };
  },
};
