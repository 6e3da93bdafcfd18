/**
 * What an order is, wherever it is read: the statuses of spec section 4, the postal address every screen, import,
 * connector and label uses, and how an order's totals are counted. Pure: web, functions and the demo seed share it.
 */

export const ORDER_STATUSES = ['pending', 'unshipped', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a status reads where it is a choice (a select's options, which CSS cannot capitalize). */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: 'Pending',
  unshipped: 'Unshipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Orders that still wait for the seller: a customer with one cannot be removed (spec section 8, OrdersPending). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'unshipped'];

/** The orders screen's filters: one status, or every order still waiting to be shipped (OPEN_ORDER_STATUSES). */
export const ORDER_FILTERS = [...ORDER_STATUSES, 'open'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** Orders whose parcel the carrier has had: a delivery claim can be filed on one with a tracking number. */
export const CLAIMABLE_ORDER_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered'];

export const isOrderStatus = (value: unknown): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/** A postal address as the table keeps it; every part optional because imports and platforms send what they have. */
export interface PostalAddress {
  name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phone?: string;
}

export const ADDRESS_FIELDS = ['name', 'company', 'address1', 'address2', 'address3', 'city', 'state', 'zip', 'country', 'phone'] as const;

export interface OrderLine {
  price: number;
  quantity: number;
}

export interface OrderTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Subtotal of the lines plus shipping and tax, summed in whole cents so that 0.1 + 0.2 stays 0.30. */
export function orderTotals(lines: readonly OrderLine[], shipping = 0, tax = 0): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0);
  return {
    subtotal: subtotalCents / 100,
    shipping: cents(shipping) / 100,
    tax: cents(tax) / 100,
    total: (subtotalCents + cents(shipping) + cents(tax)) / 100,
  };
}
