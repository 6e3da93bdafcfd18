import * as z from 'zod';
import { boolParam, cursorPage, cursorParam } from './common.js';

/** The Choose Product modal's searches (spec section 7, Products). */
export const productKeyword = z.string().trim().max(100, 'Search for at most 100 characters.').optional();
export const streamIdParam = z.string().trim().max(100, 'That live stream id is not valid.').optional();

/** `/{controller}/products`: one platform's catalogue, by keyword or whole, the brand's or the seller's own. */
export const catalogueQuery = z.object({ searchKeyword: productKeyword, isCorporate: boolParam.optional(), cursor: cursorParam });

/** A product as the catalogue routes answer it; `price` already is the live-sale price where one applies. */
export const product = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string().nullish(),
  price: z.number(),
  regularPrice: z.number(),
  onSale: z.boolean(),
  description: z.string().nullish(),
  imageUrl: z.string().nullish(),
  source: z.string(),
  corporate: z.boolean(),
});
export type Product = z.output<typeof product>;
export const productPage = cursorPage('products', product);
