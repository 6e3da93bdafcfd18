import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder, } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, orderMoney, requiredCell, requireItems } from './parts.js';
import { currencyCode } from './values.js';

/**
 * Square's orders export (Dashboard > Orders > Export): one row per item, grouped by the order's id ("Order"), the
 * order and recipient columns on every row, amounts with their currency sign ("$45.00"). A pickup order has no
 * address. Square sells items by weight too ("1.5"): such a row cannot become a parcel item and is reported.
 *
 * Source of each column (issue 19 check): Square's help pages describe the Orders page export (Dashboard > Orders >
 * Export) without listing its columns, and no published sample of it was found; the names here (Order, Order Date,
 * Fulfillment Status, Recipient Name/Email/Phone/Address/Address 2/City/Region/Postal Code/Country, Item Name, Item
 * Variation, Item SKU, Item Quantity, Item Price, Order Shipping Price, Order Tax Total, Order Total) remain as first
 * written and unconfirmed. Square's other two downloads, whose layouts are published in samples, are read by
 * square-transactions.ts and square-items.ts. Currency: from the amounts' mark ("$" is the seller's dollars).
 */

/** Our status of Square's fulfillment state, as the Square connector reads it. */
export function squareStatus(text: string): OrderStatus {
  const s = text.trim().toLowerCase();
  if (s === 'canceled' || s === 'cancelled' || s === 'failed') return 'cancelled';
  if (s === 'completed') return 'shipped';
  if (s === 'draft') return 'pending';
  return 'unshipped';
}

/** The column of the order's id: older exports name it "Order ID". */
const idColumn = (row: CsvRow) => (cell(row, 'Order ID') && !cell(row, 'Order') ? 'Order ID' : 'Order');

const columns = { name: 'Item Name', sku: 'Item SKU', quantity: 'Item Quantity', price: 'Item Price' };

// "Regular" is the name Square gives an item's only variation: no variation to tell.
const item = (row: CsvRow) =>
  itemFrom(row, cell(row, 'Item Variation').toLowerCase() === 'regular' ? columns : { ...columns, variation: 'Item Variation' });

export const squareFormat: CsvOrderFormat = {
  id: 'square',
  label: 'Square orders export',
  matches: (header) => hasColumns(header, ['Order Date', 'Recipient Name', 'Item Name', 'Item Quantity', 'Item Price', 'Order Total']),
  dateColumns: ['Order Date'],
  orderKey: (row) => keyOf(row, cell(row, idColumn(row))),
  toOrder(rows, read): ImportedOrder {
    const id = requiredCell(rows[0]!, idColumn(rows[0]!));
    const first = (column: string) => firstCell(rows, column);
    const items = requireItems(rows.map(item));
    const shipTo = addressOf(
      {
        name: first('Recipient Name'),
        address1: first('Recipient Address'),
        address2: first('Recipient Address 2'),
        city: first('Recipient City'),
        state: first('Recipient Region'),
        zip: first('Recipient Postal Code'),
        country: first('Recipient Country'),
        phone: first('Recipient Phone'),
      },
      'Recipient Country',
    );
    const customer = customerOf({
      fullName: first('Recipient Name'),
      email: first('Recipient Email'),
      phone: first('Recipient Phone'),
      ...(shipTo ? { address: shipTo } : {}),
    });
    return {
      source: 'square',
      platformOrderId: id,
      orderNumber: id,
      orderDate: isoDate(first('Order Date'), 'Order Date', 0, read?.dateOrder),
      status: squareStatus(first('Fulfillment Status')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode(undefined, [first('Order Total'), first('Item Price')]),
      ...orderMoney(rows, items, { shipping: 'Order Shipping Price', tax: 'Order Tax Total', total: 'Order Total' }),
    };
  },
};
