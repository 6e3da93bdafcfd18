import { z } from 'zod';
import { api } from '../../lib/api';

/** A product as the catalogue routes answer it; `price` already is the live-sale price where one applies. */
export const productSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullish(),
  price: z.number(),
  regularPrice: z.number(),
  onSale: z.boolean(),
  source: z.string(),
  corporate: z.boolean(),
});
export type Product = z.output<typeof productSchema>;

const page = z.object({ products: z.array(productSchema), cursor: z.string().nullish() });

/**
 * Every catalogue of the seller (their own and the platforms'), by the start of a name word or of the SKU, priced for
 * a live sale (sales meant for every stream applied), so a product costs the same here as in the live-selling list.
 */
export async function searchProducts(q: string, signal: AbortSignal): Promise<Product[]> {
  return (await api('products.searchWithSale', { query: { q }, signal }, page)).products;
}

/** The seller's live-selling list, first page, by name. */
export async function sellingProducts(signal: AbortSignal): Promise<Product[]> {
  return (await api('products.getSellingProducts', { signal }, page)).products;
}
