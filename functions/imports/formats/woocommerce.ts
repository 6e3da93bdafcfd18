import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder, } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, orderMoney, requiredCell, requireItems } from './parts.js';
import { currencyCode } from './values.js';

/**
 * WooCommerce orders as the "Advanced Order Export For WooCommerce" plugin writes them with its default fields
 * (WooCommerce itself has no orders CSV): one row per product, grouped by Order Number, the order columns
 * repeated on every row (or only on the first, a setting of the plugin; both read the same). Order Date is the
 * store's local time without an offset ("2024-03-05 14:22"), read as UTC.
 *
 * Source of each column (issue 19 check): the order fields every WooCommerce export plugin labels in its own way
 * are those of a WooCommerce order, as the "Customer / Order XML Export" extension's published default sample shows
 * them (OrderNumber, OrderDate, OrderStatus, OrderCurrency, BillingFirstName ... BillingEmail, BillingPhone,
 * ShippingFirstName ... ShippingCountry, then line items and totals). The plugin's own column labels ("Order Total Amount", "Order Shipping
 * Amount", "Order Total Tax Amount", "Quantity (- Refund)", "Address 1&2 (Billing)", "Country Code (Shipping)",
 * "Item Cost") are seen in public tools that read its default export, but could not be checked against the
 * plugin's published field list: they stay as written, and a file set up with other labels is refused as an
 * unsupported format rather than misread. Currency: the plugin's "Currency" (or "Order Currency") column.
 *   Order Number -> key and number; Order Status -> status; Order Date -> date; First/Last Name, Email, Phone,
 *   Company (Billing) -> customer; ... (Shipping), else (Billing) -> ship-to; Item Name, SKU, Quantity (- Refund) or
 *   Quantity, Item Cost (unit) -> items; Order Shipping Amount -> shipping; Order Total Tax Amount -> tax; Order
 *   Total Amount -> total.
 */

// Order Status is the status's label ("Pending payment", "On hold") or its slug ("on-hold"), as the plugin is set.
const STATUSES: Readonly<Record<string, OrderStatus>> = {
  pending: 'pending',
  'pending-payment': 'pending',
  'on-hold': 'pending',
  failed: 'pending',
  'checkout-draft': 'pending',
  draft: 'pending',
  processing: 'unshipped',
  completed: 'shipped',
  cancelled: 'cancelled',
  refunded: 'cancelled',
};

/** Our status of a WooCommerce one; stores' own statuses (plugins add "Printed", "Shipped") await shipping. */
export function wooStatus(text: string): OrderStatus {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/^wc-/, '')
    .replace(/\s+/g, '-');
  return STATUSES[slug] ?? 'unshipped';
}

// The plugin's default quantity is net of refunds; exports set up otherwise have Quantity.
const item = (row: CsvRow) =>
  itemFrom(row, {
    name: 'Item Name',
    sku: 'SKU',
    quantity: cell(row, 'Quantity (- Refund)') ? 'Quantity (- Refund)' : 'Quantity',
    price: 'Item Cost',
  });

function address(rows: readonly CsvRow[], kind: 'Billing' | 'Shipping') {
  const first = (name: string) => firstCell(rows, `${name} (${kind})`);
  return addressOf(
    {
      name: [first('First Name'), first('Last Name')].filter(Boolean).join(' '),
      company: first('Company'),
      address1: first('Address 1&2'),
      city: first('City'),
      state: first('State Code'),
      zip: first('Postcode'),
      country: first('Country Code'),
      phone: first('Phone'),
    },
    `Country Code (${kind})`,
  );
}

export const wooCommerceFormat: CsvOrderFormat = {
  id: 'woocommerce',
  label: 'WooCommerce orders export',
  matches: (header) => hasColumns(header, ['Order Number', 'Order Status', 'Order Date', 'Item Name', 'Item Cost', 'Order Total Amount']),
  dateColumns: ['Order Date'],
  orderKey: (row) => keyOf(row, cell(row, 'Order Number')),
  toOrder(rows, read): ImportedOrder {
    const number = requiredCell(rows[0]!, 'Order Number');
    const first = (column: string) => firstCell(rows, column);
    const items = requireItems(rows.map(item));
    const billTo = address(rows, 'Billing');
    const shipTo = address(rows, 'Shipping') ?? billTo;
    const customer = customerOf({
      firstName: first('First Name (Billing)') || first('First Name (Shipping)'),
      lastName: first('Last Name (Billing)') || first('Last Name (Shipping)'),
      email: first('Email (Billing)'),
      phone: first('Phone (Billing)'),
      company: first('Company (Billing)'),
      address: billTo ?? shipTo,
    });
    return {
      source: 'woocommerce',
      platformOrderId: number,
      orderNumber: number,
      orderDate: isoDate(first('Order Date'), 'Order Date', 0, read?.dateOrder),
      status: wooStatus(first('Order Status')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode(
        { text: first('Currency') || first('Order Currency'), column: first('Currency') ? 'Currency' : 'Order Currency' },
        [first('Order Total Amount')],
      ),
      ...orderMoney(rows, items, { shipping: 'Order Shipping Amount', tax: 'Order Total Tax Amount', total: 'Order Total Amount' }),
    };
  },
};
