import type { ImportedOrder } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import { etsyStatus } from './etsy.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, itemsSubtotal, requiredCell, requireItems } from './parts.js';
import { currencyCode, optionalAmount, round2 } from './values.js';

/**
 * Etsy's sold order items (Download Data > Order Items, EtsySoldOrderItems<year>.csv): one row per item sold,
 * with the Order ID, grouped into orders; the order's shipping, sales tax and discounts ("Order Shipping",
 * "Order Sales Tax", "Discount Amount", "Shipping Discount") repeated on its rows. It has no order total, so the
 * total is items plus shipping plus tax less discounts. Same natural key as the sold orders file: importing both
 * updates one order, and this file's real items replace the other's single line.
 */

const item = (row: CsvRow) =>
  itemFrom(row, { name: 'Item Name', sku: 'SKU', quantity: 'Quantity', price: 'Price', variation: 'Variations' });

export const etsyItemsFormat: CsvOrderFormat = {
  id: 'etsy-items',
  label: 'Etsy sold orders',
  matches: (header) => hasColumns(header, ['Sale Date', 'Item Name', 'Order ID', 'Listing ID', 'Item Total', 'Order Shipping']),
  dateColumns: ['Sale Date'],
  orderKey: (row) => keyOf(row, cell(row, 'Order ID')),
  toOrder(rows, read): ImportedOrder {
    const id = requiredCell(rows[0]!, 'Order ID');
    const first = (column: string) => firstCell(rows, column);
    const items = requireItems(rows.map(item));
    const shipTo = addressOf(
      {
        name: first('Ship Name'),
        address1: first('Ship Address1'),
        address2: first('Ship Address2'),
        city: first('Ship City'),
        state: first('Ship State'),
        zip: first('Ship Zipcode'),
        country: first('Ship Country'),
      },
      'Ship Country',
    );
    const customer = customerOf({ fullName: first('Ship Name') || first('Buyer'), address: shipTo, marketingAllowed: false });
    const subtotal = itemsSubtotal(items);
    const shipping = round2(
      optionalAmount(first('Order Shipping'), 'Order Shipping') - optionalAmount(first('Shipping Discount'), 'Shipping Discount'),
    );
    const tax = optionalAmount(first('Order Sales Tax'), 'Order Sales Tax');
    const discount = optionalAmount(first('Discount Amount'), 'Discount Amount');
    return {
      source: 'etsy',
      platformOrderId: id,
      orderNumber: id,
      orderDate: isoDate(first('Sale Date'), 'Sale Date', 0, read?.dateOrder),
      status: etsyStatus('', first('Date Shipped')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode({ text: first('Currency'), column: 'Currency' }, [first('Item Total')]),
      subtotal,
      shipping,
      tax,
      total: round2(subtotal + shipping + tax - discount),
    };
  },
};
