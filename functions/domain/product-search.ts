/**
 * Product search for the Choose Product modal: a product is found by the start of any word of its name, or by the
 * start of its SKU, case-insensitive. DynamoDB has no full-text search, so each product is indexed under a few
 * lower-cased terms (each word-suffix of its name, and its SKU) and a search is one prefix Query over them. Pure,
 * so the index and the query normalise text the same way.
 */

/** Words of a name that start a term: a name's 11th word on is found through the terms of the words before it. */
export const MAX_NAME_TERMS = 10;

/** Separates a term item's earlier terms; `squeeze` turns every newline into a space, so no term contains one. */
export const EARLIER_SEPARATOR = '\n';

const squeeze = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export interface Indexable {
  name: string;
  sku?: string | null;
}

/**
 * The terms a product is found by, sorted and without repeats: "lavender fields soy candle", "fields soy candle",
 * "soy candle", "candle", and the SKU.
 */
export function productTerms(p: Indexable): string[] {
  const words = squeeze(p.name).split(' ').filter(Boolean);
  const suffixes = words.slice(0, MAX_NAME_TERMS).map((_, i) => words.slice(i).join(' '));
  const sku = squeeze(p.sku ?? '');
  return [...new Set([...suffixes, sku].filter((t) => t.length > 0))].sort();
}

/** What typed text looks up. */
export function productSearchPrefix(q: string): string {
  return squeeze(q);
}

/**
 * The product's terms that sort before `term`, as one string `\n<t1>\n<t2>`. A search for prefix P lists the
 * product at a term only when no earlier term begins with P (the filter `NOT contains(earlier, '\n' + P)`), so a
 * product matching by two terms ("soy soy candle" for "soy") is listed once and pages never repeat it.
 */
export function earlierTermsOf(terms: readonly string[], term: string): string | undefined {
  const earlier = terms.filter((t) => t < term);
  return earlier.length > 0 ? earlier.map((t) => `${EARLIER_SEPARATOR}${t}`).join('') : undefined;
}

export interface Priced {
  price: number;
  salePrice?: number | null;
  saleStreamId?: string | null;
}

/**
 * The price a product sells at in a live stream. A sale without a stream applies in every stream; a sale for one
 * stream only there; without a stream id only sales for every stream apply.
 */
export function priceInStream(p: Priced, streamId?: string): { price: number; onSale: boolean } {
  const sale = p.salePrice ?? undefined;
  const applies = sale !== undefined && (!p.saleStreamId || p.saleStreamId === streamId);
  return applies ? { price: sale, onSale: true } : { price: p.price, onSale: false };
}
