import type { OrderStatus, PostalAddress } from '../../shared/domain/orders.js';
import type { Platform } from '../../shared/domain/platforms.js';

/**
 * What every order source (CSV export of a platform, our own template, a platform's API) hands to the import:
 * one order in our terms, with the natural key that makes a second import of it an update, never a duplicate.
 * CSV formats (functions/imports/formats/) and platform connectors (functions/adapters/platforms/) produce it;
 * `upsertImportedOrders` (functions/imports/upsert-orders.ts) writes it.
 */

/** Where an order came from, as stored on the order (`order.platform`). Our own CSV template is 'csv'. */
export type ImportSource = Platform | 'csv' | 'demo';

/** The country is ISO 3166-1 alpha-2; US when the source gives an address without one. */
export type ImportedAddress = PostalAddress;

export interface ImportedCustomer {
  firstName: string;
  lastName: string;
  /**
   * True when the source gave no name and the first name is the email's local part: a later order that names the
   * buyer fills the customer's name in (upsert-orders.ts).
   */
  nameDerived?: boolean;
  email?: string;
  phone?: string;
  company?: string;
  address?: ImportedAddress;
  /**
   * Marketplaces (Amazon, eBay, Etsy) forbid marketing email to their buyers: false for their orders.
   * Defaults to true.
   */
  marketingAllowed?: boolean;
}

export interface ImportedItem {
  sku?: string;
  name: string;
  quantity: number;
  /** Unit price, in the order's currency. */
  price: number;
}

export interface ImportedOrder {
  source: ImportSource;
  /** The platform's own order id (or number); with `source`, the natural key of the order. */
  platformOrderId: string;
  /** What the seller calls the order (e.g. Shopify's "#1001"). */
  orderNumber: string;
  /** ISO 8601 date-time. */
  orderDate: string;
  status: OrderStatus;
  customer: ImportedCustomer;
  shipTo?: ImportedAddress;
  items: ImportedItem[];
  /**
   * ISO 4217 code of every amount of the order (items, subtotal, shipping, tax, total); none is 'USD' (connectors
   * of US stores leave it out). Amounts are never converted: an order keeps the currency it was paid in.
   */
  currency?: string;
  /** In `currency`. */
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** A row (or an order's rows) that cannot be imported; the import reports it with its line and goes on. */
export class RowError extends Error {
  override name = 'RowError';
}

/** The id of an imported order: the same source order always lands on the same item. */
export async function importedOrderId(sellerId: string, source: ImportSource, platformOrderId: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${sellerId}\u0000${source}\u0000${platformOrderId}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `imp-${Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
