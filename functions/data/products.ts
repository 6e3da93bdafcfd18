import { createWriteTransaction } from 'electrodb';
import { EARLIER_SEPARATOR, earlierTermsOf, productSearchPrefix, productTerms } from '../domain/product-search.js';
import { allProcessed, checkWritten, withCursor } from './errors.js';
import { type ProductSource, productEntity, productTermEntity } from './product-entities.js';
import { filteredPageOf, inOrderOf, type PageRequest, pageOf } from './table.js';

export type ProductRecord = NonNullable<Awaited<ReturnType<typeof getProduct>>>;

export interface ProductInput {
  productId?: string;
  name: string;
  sku?: string;
  price: number;
  salePrice?: number;
  saleStreamId?: string;
  description?: string;
  imageUrl?: string;
  source?: ProductSource;
  corporate?: boolean;
  selling?: boolean;
}

export const PRODUCT_PAGE_SIZE = 20;
/** A filtered page reads on in pages of 100 items until it is full, at most this many pages per request. */
const MAX_PAGES_READ = 10;

export async function getProduct(sellerId: string, productId: string, options: { consistent?: boolean } = {}) {
  const { data } = await productEntity().get({ sellerId, productId }).go({ consistent: options.consistent ?? false });
  return data;
}

/** Several products of one seller, in the order asked for; missing ones are left out. */
export async function getProducts(sellerId: string, productIds: readonly string[]): Promise<ProductRecord[]> {
  if (productIds.length === 0) return [];
  const { data } = allProcessed(await productEntity().get([...new Set(productIds)].map((productId) => ({ sellerId, productId }))).go(), 'products were not read');
  return inOrderOf(productIds, data, (p) => p.productId);
}

/**
 * Creates or replaces a product with its search terms in one transaction (the seed; a platform's catalogue sync).
 * The write is conditional on the product being unchanged since it was read, so two saves at once cannot leave
 * terms of the losing one behind (WriteConflict).
 */
export async function saveProduct(sellerId: string, input: ProductInput): Promise<string> {
  const productId = input.productId ?? crypto.randomUUID();
  const before = input.productId ? await getProduct(sellerId, productId, { consistent: true }) : undefined;
  const item = { ...input, sellerId, productId, source: input.source ?? 'own', corporate: input.corporate ?? false, selling: input.selling ?? false };
  const terms = productTerms(item);
  const gone = before ? productTerms(before).filter((t) => !terms.includes(t)) : [];
  const result = await createWriteTransaction(
    { product: productEntity(), productTerm: productTermEntity() },
    ({ product, productTerm }) => [
      before
        ? product
            .put({ ...item, createdAt: before.createdAt })
            .where((a, { eq }) => eq(a.updatedAt, before.updatedAt))
            .commit()
        : product.create(item).commit(),
      ...gone.map((term) => productTerm.delete({ sellerId, term, productId }).commit()),
      ...terms.map((term) =>
        productTerm.put({ sellerId, term, productId, source: item.source, corporate: item.corporate, earlier: earlierTermsOf(terms, term) }).commit(),
      ),
    ],
  ).go();
  checkWritten(result);
  return productId;
}

/** A filter on product term items (ElectroDB's where callback, the same for both term indexes). */
type TermFilter = Parameters<ReturnType<ReturnType<typeof productTermEntity>['query']['byTerm']>['where']>[0];

export interface ProductSearch extends PageRequest {
  /** Only this source's catalogue. */
  source?: ProductSource;
  /** Only the brand's (true) or only the seller's own listings (false). */
  corporate?: boolean;
}

/**
 * Products whose name has a word, or whose SKU, beginning with `q`, sorted by the matching term, a page at a time.
 * One Query on the seller's product search partition (or one source's, on gsi1); a product matching by several
 * terms is listed once, at its first matching term.
 */
export async function searchProducts(sellerId: string, q: string, options: ProductSearch = {}) {
  const prefix = productSearchPrefix(q);
  const filter: TermFilter = (a, { contains, eq }) =>
    [`NOT ${contains(a.earlier, `${EARLIER_SEPARATOR}${prefix}`)}`, options.corporate === undefined ? '' : eq(a.corporate, options.corporate)]
      .filter(Boolean)
      .join(' AND ');
  // With `count`, ElectroDB builds the next cursor from the last item it keeps, so the key's composites must be read too.
  const attributes = ['sellerId', 'term', 'productId', 'source'] as const;
  const go = { ...filteredPageOf(sellerId, options, PRODUCT_PAGE_SIZE), pages: MAX_PAGES_READ, attributes } as const;
  const { data, cursor } = await withCursor(() =>
    options.source
      ? productTermEntity().query.bySourceTerm({ sellerId, source: options.source }).begins({ term: prefix }).where(filter).go(go)
      : productTermEntity().query.byTerm({ sellerId }).begins({ term: prefix }).where(filter).go(go),
  );
  return { products: await getProducts(sellerId, data.map((t) => t.productId)), cursor };
}

/** One source's catalogue by name, a page at a time, optionally only the brand's or only the seller's own. */
export async function listProductsOfSource(sellerId: string, source: ProductSource, options: Omit<ProductSearch, 'source'> = {}) {
  const { data, cursor } = await withCursor(() =>
    productEntity().query
      .bySource({ sellerId, source })
      .where((a, { eq }) => (options.corporate === undefined ? '' : eq(a.corporate, options.corporate)))
      .go({ ...filteredPageOf(sellerId, options, PRODUCT_PAGE_SIZE), pages: MAX_PAGES_READ }),
  );
  return { products: data, cursor };
}

/** The seller's live-selling list by name (a sparse index: only products marked selling are in it). */
export async function listSellingProducts(sellerId: string, options: PageRequest = {}) {
  const { data, cursor } = await withCursor(() => productEntity().query.selling({ sellerId }).go(pageOf(sellerId, options, PRODUCT_PAGE_SIZE)));
  return { products: data, cursor };
}
