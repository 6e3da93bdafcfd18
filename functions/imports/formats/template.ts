import { TEMPLATE_REQUIRED } from '../../../shared/domain/order-template.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/domain/orders.js';
import { type ImportedOrder, RowError } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, orderMoney, requiredCell, requireItems } from './parts.js';
import { currencyCode } from './values.js';

/**
 * Our own orders CSV (shared/domain/order-template.ts): one row per item, grouped by Order Number. Status is one
 * of our statuses or another tool's word for one (empty is unshipped); Total, when empty, is items plus shipping plus
 * tax.
 */

/** Words other tools write for our statuses (a seller's sheet kept from Shopify or eBay says "Fulfilled"). */
const STATUS_WORDS: Readonly<Record<string, OrderStatus>> = {
  fulfilled: 'shipped',
  unfulfilled: 'unshipped',
  'not shipped': 'unshipped',
  canceled: 'cancelled',
};

function status(text: string): OrderStatus {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!t) return 'unshipped';
  const found = ORDER_STATUSES.find((s) => s === t) ?? STATUS_WORDS[t];
  if (!found) throw new RowError(`Status '${text.trim()}' is not one of ${ORDER_STATUSES.join(', ')}.`);
  return found;
}

const item = (row: CsvRow) => itemFrom(row, { name: 'Item Name', sku: 'SKU', quantity: 'Quantity', price: 'Unit Price' });

export const templateFormat: CsvOrderFormat = {
  id: 'template',
  label: 'Consultant Desk orders template',
  matches: (header) => hasColumns(header, TEMPLATE_REQUIRED),
  dateColumns: ['Order Date'],
  orderKey: (row) => keyOf(row, cell(row, 'Order Number')),
  toOrder(rows, read): ImportedOrder {
    const number = requiredCell(rows[0]!, 'Order Number');
    const first = (name: string) => firstCell(rows, name);
    const items = requireItems(rows.map(item));
    const shipTo = addressOf({
      name: [first('First Name'), first('Last Name')].filter(Boolean).join(' '),
      company: first('Company'),
      address1: first('Address 1'),
      address2: first('Address 2'),
      city: first('City'),
      state: first('State'),
      zip: first('Zip'),
      country: first('Country'),
      phone: first('Phone'),
    });
    const customer = customerOf({
      firstName: first('First Name'),
      lastName: first('Last Name'),
      email: first('Email'),
      phone: first('Phone'),
      company: first('Company'),
      address: shipTo,
    });
    return {
      source: 'csv',
      platformOrderId: number,
      orderNumber: number,
      orderDate: isoDate(first('Order Date'), 'Order Date', 0, read?.dateOrder),
      status: status(first('Status')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode({ text: first('Currency'), column: 'Currency' }, [first('Total'), first('Unit Price')]),
      ...orderMoney(rows, items, { shipping: 'Shipping', tax: 'Tax', total: 'Total' }),
    };
  },
};
