import type { OrderStatus } from '../../shared/domain/orders.js';
import type { Platform } from '../../shared/domain/platforms.js';

/**
 * What every order source (CSV export of a platform, our own template, a platform's API) hands to the import:
 * one order in our terms, with the natural key that makes a second import of it an update, never a duplicate.
 * CSV formats (functions/imports/formats/) and platform connectors (functions/adapters/platforms/) produce it;
 * `upsertImportedOrders` (functions/imports/upsert-orders.ts) writes it.
 */

/** Where an order came from, as stored on the order (`order.platform`). Our own CSV template is 'csv'. */
export type ImportSource = Platform | 'csv' | 'demo';

export interface ImportedAddress {
  name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  city?: string;
  state?: string;
  zip?: string;
  /** ISO 3166-1 alpha-2; US when the source gives none. */
  country?: string;
  phone?: string;
}

export interface ImportedCustomer {
  firstName: string;
  lastName: string;
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
  /** Unit price in dollars. */
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
  /** Dollars. */
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
