import * as z from 'zod';
import { PRODUCT_CONTROLLERS } from '../../domain/platforms.js';
import { boolParam, cursorParam } from '../../schemas/common.js';
import { catalogueQuery, productPage, streamIdParam } from '../../schemas/product.js';
import { route, searchQuery } from './define.js';

/** The products call group's routes (served by functions/http/products.ts). */
export const productsRoutes = [
  // Products
  route('products.search', 'GET', '/products/search', 'products', { query: searchQuery, response: productPage }),
  route('products.searchWithSale', 'GET', '/products/searchwithsale', 'products', {
    query: z.object({ q: searchQuery.shape.q, streamid: streamIdParam, brandsearch: boolParam.optional(), cursor: cursorParam }),
    response: productPage,
  }),
  route('products.getSellingProducts', 'GET', '/products/getSellingProducts', 'products', { query: z.object({ cursor: cursorParam }), response: productPage }),
  ...PRODUCT_CONTROLLERS.map((c) => route(`${c}.products`, 'GET', `/${c}/products`, 'products', { query: catalogueQuery, response: productPage })),
] as const;
