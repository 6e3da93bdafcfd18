import type { RouteDef } from '../../shared/api/route.js';
import { PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import type { catalogueQuery } from '../../shared/schemas/product.js';
import { platformCatalogue, searchCatalogues, searchForStream, sellingProducts } from '../products/catalogue.js';
import { productsRoutes } from '../../shared/api/routes/products.js';
import { type Action, httpHandler } from './http-handler.js';

/** `/{controller}/products`: the products stored with that platform. */
const catalogue =
  (source: (typeof PRODUCT_CONTROLLERS)[number]): Action<RouteDef<typeof catalogueQuery>> =>
  ({ seller, query }) =>
    platformCatalogue(seller.sellerId, source, query);

export const handler = httpHandler('products', productsRoutes, {
  'products.search': ({ seller, query }) => searchCatalogues(seller.sellerId, query.q, query.cursor),
  'products.searchWithSale': ({ seller, query }) =>
    searchForStream(seller.sellerId, { q: query.q, streamId: query.streamid, brandOnly: query.brandsearch, cursor: query.cursor }),
  'products.getSellingProducts': ({ seller, query }) => sellingProducts(seller.sellerId, query.cursor),
  ...Object.fromEntries(PRODUCT_CONTROLLERS.map((c) => [`${c}.products`, catalogue(c)])),
});
