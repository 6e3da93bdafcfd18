import type { PostalAddress } from '../../../shared/domain/orders.js';
import type { ImportedAddress, ImportedCustomer, ImportedItem } from '../imported-order.js';
import { RowError } from '../imported-order.js';
import { cell, firstCell } from './columns.js';
import type { CsvRow } from './format.js';
import { amount, countryCode, optionalAmount, quantity, round2, splitName, stateCode, zipCode } from './values.js';

/** Pieces of an order every format builds the same way from its own columns. */

/** No export has a third address line. */
export type AddressCells = Omit<PostalAddress, 'address3'>;

/** An address from its cells, blanks left out; undefined when it has no street, city or zip. */
export function addressOf(cells: AddressCells, countryColumn = 'Country'): ImportedAddress | undefined {
  const street = cells.address1 || cells.city || cells.zip;
  if (!street) return undefined;
  const country = countryCode(cells.country ?? '', countryColumn);
  const address: ImportedAddress = { country };
  const set = (field: keyof ImportedAddress, value: string | undefined) => {
    const v = value?.trim();
    if (v) address[field] = v;
  };
  set('name', cells.name);
  set('company', cells.company);
  set('address1', cells.address1);
  set('address2', cells.address2);
  set('city', cells.city);
  set('state', stateCode(cells.state ?? '', country));
  set('zip', zipCode(cells.zip ?? ''));
  set('phone', cells.phone);
  return address;
}

export interface BuyerCells {
  firstName?: string;
  lastName?: string;
  /** When the export gives one name only. */
  fullName?: string;
  email?: string;
  phone?: string;
  company?: string;
  address?: ImportedAddress;
  marketingAllowed?: boolean;
}

/**
 * The buyer as our customer. A buyer with no name is named from the ship-to name, then the email; an order with
 * none of them has nobody to file it under.
 */
export function customerOf(cells: BuyerCells): ImportedCustomer {
  let firstName = cells.firstName?.trim() ?? '';
  let lastName = cells.lastName?.trim() ?? '';
  if (!firstName && !lastName) ({ firstName, lastName } = splitName(cells.fullName || cells.address?.name || ''));
  const email = cells.email?.trim().toLowerCase() || undefined;
  const derived = !firstName && !lastName && !!email;
  if (derived) firstName = email.split('@')[0]!;
  if (!firstName && !lastName) throw new RowError('Missing customer name.');
  const customer: ImportedCustomer = { firstName, lastName, ...(derived ? { nameDerived: true } : {}) };
  if (email) customer.email = email;
  const phone = cells.phone?.trim() || cells.address?.phone;
  if (phone) customer.phone = phone;
  const company = cells.company?.trim() || cells.address?.company;
  if (company) customer.company = company;
  if (cells.address) customer.address = cells.address;
  if (cells.marketingAllowed !== undefined) customer.marketingAllowed = cells.marketingAllowed;
  return customer;
}

/** Sum of unit price times quantity. */
export function itemsSubtotal(items: readonly ImportedItem[]): number {
  return round2(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
}

/** An order needs at least one item to ship. */
export function requireItems(items: readonly ImportedItem[]): ImportedItem[] {
  if (items.length === 0) throw new RowError('The order has no items.');
  return [...items];
}

/** The columns of an item row, as the export names them. */
export interface ItemColumns {
  name: string;
  quantity: string;
  /** Unit price. */
  price: string;
  sku?: string;
  /** Appended to the name ("Mug - Speckled") when the row has one. */
  variation?: string;
}

/** An item from its row; errors name the file's columns. */
/** A line's unit price: never below 0 (spec section 5, "Price input: non-negative"); discounts are the order's own. */
function unitPrice(text: string, column: string): number {
  const price = amount(text, column);
  if (price < 0) throw new RowError(`${column} '${text.trim()}' must not be negative.`);
  return price;
}

export function itemFrom(row: CsvRow, columns: ItemColumns): ImportedItem {
  const title = cell(row, columns.name);
  if (!title) throw new RowError(`Missing ${columns.name}.`);
  const sku = columns.sku ? cell(row, columns.sku) : '';
  const variation = columns.variation ? cell(row, columns.variation) : '';
  return {
    ...(sku ? { sku } : {}),
    name: variation ? `${title} - ${variation}` : title,
    quantity: quantity(cell(row, columns.quantity), columns.quantity),
    price: unitPrice(cell(row, columns.price), columns.price),
  };
}

/**
 * A cell the row cannot do without (the order's id). Ids are printable: keyOf marks a row without one by a control
 * character.
 */
export function requiredCell(row: CsvRow, column: string): string {
  const value = cell(row, column);
  if (!value) throw new RowError(`Missing ${column}.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new RowError(`${column} has a control character.`);
  return value;
}

export interface OrderMoney {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/**
 * An order's money: the items' sum as subtotal (discounts live in the total), shipping, tax and total from the
 * order's columns. An empty total means items plus shipping plus tax.
 */
export function orderMoney(
  rows: readonly CsvRow[],
  items: readonly ImportedItem[],
  columns: { shipping: string; tax: string; total: string },
): OrderMoney {
  const subtotal = itemsSubtotal(items);
  const shipping = optionalAmount(firstCell(rows, columns.shipping), columns.shipping);
  const tax = optionalAmount(firstCell(rows, columns.tax), columns.tax);
  const total = firstCell(rows, columns.total);
  return { subtotal, shipping, tax, total: total ? amount(total, columns.total) : round2(subtotal + shipping + tax) };
}
