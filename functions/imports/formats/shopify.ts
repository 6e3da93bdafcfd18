import type { OrderStatus } from '../../../shared/domain/orders.js';
import type { ImportedOrder, } from '../imported-order.js';
import { cell, firstCell, hasColumns, keyOf } from './columns.js';
import { isoDate } from './dates.js';
import type { CsvOrderFormat, CsvRow } from './format.js';
import { addressOf, customerOf, itemFrom, orderMoney, requiredCell, requireItems } from './parts.js';
import { currencyCode, yesNo } from './values.js';

/**
 * Shopify's orders export (Admin > Orders > Export): one row per line item, grouped by Name ("#1001"); the
 * order-level columns (Email, Financial Status, totals, Billing and Shipping addresses, Id) are filled on the
 * first row only. Dates carry their offset ("2024-03-05 14:22:10 -0500"). Id is the order's REST id, the same
 * natural key the Shopify connector uses, so a CSV import after an API sync updates rather than duplicates.
 */

/** The same rule as the Shopify connector: cancelled, then fulfilled, then unpaid; anything else awaits shipping. */
export function shopifyStatus(cancelledAt: string, financial: string, fulfillment: string): OrderStatus {
  if (cancelledAt.trim()) return 'cancelled';
  const paid = financial.trim().toLowerCase();
  if (paid === 'voided') return 'cancelled';
  if (fulfillment.trim().toLowerCase() === 'fulfilled') return 'shipped';
  if (paid === 'pending' || paid === 'authorized') return 'pending';
  return 'unshipped';
}

const item = (row: CsvRow) =>
  itemFrom(row, { name: 'Lineitem name', sku: 'Lineitem sku', quantity: 'Lineitem quantity', price: 'Lineitem price' });

/** An address of the export by its prefix ('Billing' or 'Shipping'); Street is Address1 and Address2 in one. */
function address(rows: readonly CsvRow[], prefix: 'Billing' | 'Shipping') {
  const first = (name: string) => firstCell(rows, `${prefix} ${name}`);
  return addressOf(
    {
      name: first('Name'),
      company: first('Company'),
      address1: first('Address1') || first('Street'),
      address2: first('Address1') ? first('Address2') : '',
      city: first('City'),
      state: first('Province'),
      zip: first('Zip'),
      country: first('Country'),
      phone: first('Phone'),
    },
    `${prefix} Country`,
  );
}

export const shopifyFormat: CsvOrderFormat = {
  id: 'shopify',
  label: 'Shopify orders export',
  matches: (header) => hasColumns(header, ['Name', 'Financial Status', 'Created at', 'Lineitem quantity', 'Lineitem name', 'Lineitem price']),
  dateColumns: ['Created at'],
  orderKey: (row) => keyOf(row, cell(row, 'Name')),
  toOrder(rows, read): ImportedOrder {
    const name = requiredCell(rows[0]!, 'Name');
    const first = (column: string) => firstCell(rows, column);
    const items = requireItems(rows.map(item));
    const shipTo = address(rows, 'Shipping');
    const billTo = address(rows, 'Billing');
    const marketing = yesNo(first('Accepts Marketing'));
    const customer = customerOf({
      fullName: first('Billing Name') || first('Shipping Name'),
      email: first('Email'),
      phone: first('Phone') || billTo?.phone || shipTo?.phone,
      address: billTo ?? shipTo,
      ...(marketing === undefined ? {} : { marketingAllowed: marketing }),
    });
    return {
      source: 'shopify',
      platformOrderId: first('Id') || name,
      orderNumber: name,
      orderDate: isoDate(first('Created at'), 'Created at', 0, read?.dateOrder),
      status: shopifyStatus(first('Cancelled at'), first('Financial Status'), first('Fulfillment Status')),
      customer,
      ...(shipTo ? { shipTo } : {}),
      items,
      currency: currencyCode({ text: first('Currency'), column: 'Currency' }, [first('Total')]),
      ...orderMoney(rows, items, { shipping: 'Shipping', tax: 'Taxes', total: 'Total' }),
    };
  },
};
