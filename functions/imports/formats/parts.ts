import type { ImportedAddress, ImportedCustomer, ImportedItem } from '../imported-order.js';
import { RowError } from '../imported-order.js';
import { countryCode, round2, splitName, stateCode, zipCode } from './values.js';

/** Pieces of an order every format builds the same way from its own columns. */

export interface AddressCells {
  name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phone?: string;
}

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
  if (!firstName && !lastName && email) firstName = email.split('@')[0]!;
  if (!firstName && !lastName) throw new RowError('Missing customer name.');
  const customer: ImportedCustomer = { firstName, lastName };
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
