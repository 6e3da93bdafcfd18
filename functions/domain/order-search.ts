/**
 * Order pickers (`/orders/autocomplete?search`): an order is found by the start of its order number or by its
 * customer. Pure: how typed text becomes an order-number prefix, and how the two finds become one short list.
 */

export const AUTOCOMPLETE_SIZE = 10;

/** Order numbers as typed ("#10401", " 10401 ") and as indexed compare alike. */
export function orderNumberTerm(text: string): string {
  return text.trim().toLowerCase().replace(/^#+\s*/, '');
}

export interface Pickable {
  orderId: string;
  orderNumber: string;
  orderDate: string;
}

/** The orders found either way, each once, newest first, at most `size`. */
export function autocompleteList<T extends Pickable>(found: readonly T[], size = AUTOCOMPLETE_SIZE): T[] {
  const byId = new Map<string, T>();
  for (const o of found) if (!byId.has(o.orderId)) byId.set(o.orderId, o);
  return [...byId.values()].sort((a, b) => b.orderDate.localeCompare(a.orderDate) || a.orderNumber.localeCompare(b.orderNumber)).slice(0, size);
}

/**
 * How a name or order number is kept for the orders search, and how the typed text is compared with it: lower case,
 * so the search finds "Mason Simmons" for "mason" and "LS-MWZ1" for "ls-mwz" (DynamoDB's `contains` is exact).
 */
export function searchable(value: unknown): string | undefined {
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}
