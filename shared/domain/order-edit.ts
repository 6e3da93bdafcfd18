/**
 * When an edit prices an order again (decisions.md, "Money happens once: an edit keeps the order's total, a label
 * costs what was shown"). An order's money is decided once, when it is taken (New Order, an import, a platform's
 * sync): editing its address, phone or anything but its lines keeps its prices, discounts and total as stored,
 * whatever discounts run today. Only lines that changed are priced again. Pure: the server decides with it, the Edit
 * Order form uses it to show the new total.
 */

/** An order line as far as its price goes: which product, under which name, how many, at what unit price. */
export interface PricedItem {
  productId?: string | null;
  name: string;
  quantity: number;
  price: number;
}

/** The parts of an order that set its total apart from the discounts: its lines, shipping and tax. */
export interface PricedParts {
  items: readonly PricedItem[];
  shipping?: number | null;
  tax?: number | null;
}

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

/** One line's identity for pricing. A SKU is left out: it names the product, it does not price it. */
const lineKey = (l: PricedItem) => JSON.stringify([l.productId ?? null, l.name.trim(), l.quantity, cents(l.price)]);

/**
 * The same lines in the same order: product (or none), name, quantity and unit price in whole cents. A line's
 * stored discount is not compared: it is the order's pricing, not the seller's input.
 */
export function sameItems(stored: readonly PricedItem[], edited: readonly PricedItem[]): boolean {
  return stored.length === edited.length && stored.every((line, i) => lineKey(line) === lineKey(edited[i]!));
}

/**
 * Whether an edit keeps the order's money as stored: its lines, shipping and tax are the stored ones. False means
 * the order is priced again with the discounts running now (and its imported or synced total is replaced).
 */
export function keepsPrices(stored: PricedParts, edited: PricedParts): boolean {
  return sameItems(stored.items, edited.items) && cents(stored.shipping) === cents(edited.shipping) && cents(stored.tax) === cents(edited.tax);
}

/** Whether the total the seller was shown is the one the order would be saved with (whole cents). */
export const sameTotal = (shown: number, saved: number) => cents(shown) === cents(saved);
