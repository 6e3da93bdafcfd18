import type { RouteDef } from '../../shared/api/route.js';
import { PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import type { catalogueQuery } from '../../shared/schemas/product.js';
import { platformCatalogue, searchCatalogues, searchForStream, sellingProducts } from '../products/catalogue.js';
import { productsRoutes } from '../../shared/api/routes/products.js';
import { type Action, httpHandler, readsOnly } from './http-handler.js';

/** `/{controller}/products`: the products stored with that platform. */
const catalogue = (source: (typeof PRODUCT_CONTROLLERS)[number]): Action<RouteDef<typeof catalogueQuery>> =>
  readsOnly(({ sellerId, query }) => platformCatalogue(sellerId, source, query));

// Every call of this group only reads and needs only the seller's id: each starts beside the plan gate's profile read.
export const handler = httpHandler('products', productsRoutes, {
  'products.search': readsOnly(({ sellerId, query }) => searchCatalogues(sellerId, query.q, query.cursor)),
  'products.searchWithSale': readsOnly(({ sellerId, query }) =>
    searchForStream(sellerId, { q: query.q, streamId: query.streamid, brandOnly: query.brandsearch, cursor: query.cursor }),
  ),
  'products.getSellingProducts': readsOnly(({ sellerId, query }) => sellingProducts(sellerId, query.cursor)),
  ...Object.fromEntries(PRODUCT_CONTROLLERS.map((c) => [`${c}.products`, catalogue(c)])),
});
