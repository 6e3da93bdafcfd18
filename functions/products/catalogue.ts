import type { z } from 'zod';
import type { catalogueQuery } from '../../shared/schemas/product.js';
import type { ProductSource } from '../data/product-entities.js';
import { listProductsOfSource, listSellingProducts, type ProductRecord, searchProducts } from '../data/products.js';
import { priceInStream } from '../domain/product-search.js';
import { withDomainErrors } from '../services/data-failures.js';

type Page = { products: ProductRecord[]; cursor: string | null };

/** What the Choose Product modal shows; `price` is what it sells at (a live sale's price where one applies). */
function productView(p: ProductRecord, sale?: { streamId?: string }) {
  const { price, onSale } = sale ? priceInStream(p, sale.streamId) : { price: p.price, onSale: false };
  return {
    productId: p.productId,
    name: p.name,
    sku: p.sku ?? null,
    price,
    regularPrice: p.price,
    onSale,
    description: p.description ?? null,
    imageUrl: p.imageUrl ?? null,
    source: p.source,
    corporate: p.corporate,
  };
}

/** A page of products as the screen gets it; a cursor that is not one of ours is the seller's to drop. */
async function productPage(read: () => Promise<Page>, sale?: { streamId?: string }) {
  const { products, cursor } = await withDomainErrors(read);
  return { products: products.map((p) => productView(p, sale)), cursor };
}

/** Every catalogue of the seller: their own products and the platforms'. */
export function searchCatalogues(sellerId: string, q: string, cursor?: string) {
  return productPage(() => searchProducts(sellerId, q, { cursor }));
}

/** The same search priced for a live stream; `brandOnly` keeps to the brand's (corporate) catalogue. */
export function searchForStream(sellerId: string, search: { q: string; streamId?: string; brandOnly?: boolean; cursor?: string }) {
  const corporate = search.brandOnly ? true : undefined;
  return productPage(() => searchProducts(sellerId, search.q, { corporate, cursor: search.cursor }), { streamId: search.streamId || undefined });
}

/** The seller's live-selling list, by name, with the sales that apply in every stream. */
export function sellingProducts(sellerId: string, cursor?: string) {
  return productPage(() => listSellingProducts(sellerId, { cursor }), {});
}

/** One platform's stored products, by keyword (word or SKU prefix) or by name. */
export function platformCatalogue(sellerId: string, source: ProductSource, query: z.output<typeof catalogueQuery>) {
  const options = { corporate: query.isCorporate, cursor: query.cursor };
  return productPage(() =>
    query.searchKeyword ? searchProducts(sellerId, query.searchKeyword, { ...options, source }) : listProductsOfSource(sellerId, source, options),
  );
}
