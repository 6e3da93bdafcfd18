import type { RouteDef } from '../../shared/api/route.js';
import type { RouteOf } from '../../shared/api/routes.js';
import { PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import type { catalogueQuery } from '../../shared/schemas/product.js';
import { priceInStream } from '../domain/product-search.js';
import { InvalidCursor } from '../data/errors.js';
import type { ProductSource } from '../data/product-entities.js';
import { listProductsOfSource, listSellingProducts, type ProductRecord, searchProducts } from '../data/products.js';
import { InvalidInput } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

/** What the Choose Product modal shows; `price` is what it sells at (a live sale's price where one applies). */
function view(p: ProductRecord, sale?: { streamId?: string }) {
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

type Page = { products: ProductRecord[]; cursor: string | null };

/** A page of products as the screen gets it; a cursor that is not one of ours is a 400, not a 500. */
async function page(read: () => Promise<Page>, sale?: { streamId?: string }) {
  try {
    const { products, cursor } = await read();
    return { products: products.map((p) => view(p, sale)), cursor };
  } catch (err) {
    if (err instanceof InvalidCursor) throw new InvalidInput({ cursor: 'That page is no longer available. Start again from the first page.' });
    throw err;
  }
}

/** Every catalogue of the seller: their own products and the platforms'. */
const search: Action<RouteOf<'products.search'>> = ({ seller, query }) =>
  page(() => searchProducts(seller.sellerId, query.q, { cursor: query.cursor }));

/** The same search priced for a live stream; `brandsearch` keeps to the brand's (corporate) catalogue. */
const searchWithSale: Action<RouteOf<'products.searchWithSale'>> = ({ seller, query }) =>
  page(() => searchProducts(seller.sellerId, query.q, { corporate: query.brandsearch ? true : undefined, cursor: query.cursor }), {
    streamId: query.streamid || undefined,
  });

/** The seller's live-selling list, by name, with the sales that apply in every stream. */
const sellingProducts: Action<RouteOf<'products.getSellingProducts'>> = ({ seller, query }) =>
  page(() => listSellingProducts(seller.sellerId, { cursor: query.cursor }), {});

/** `/{controller}/products`: the products stored with that platform, by keyword (word or SKU prefix) or by name. */
function catalogue(source: ProductSource): Action<RouteDef<typeof catalogueQuery>> {
  return ({ seller, query }) => {
    const options = { corporate: query.isCorporate, cursor: query.cursor };
    return page(() =>
      query.searchKeyword
        ? searchProducts(seller.sellerId, query.searchKeyword, { ...options, source })
        : listProductsOfSource(seller.sellerId, source, options),
    );
  };
}

export const handler = httpHandler('products', {
  'products.search': search,
  'products.searchWithSale': searchWithSale,
  'products.getSellingProducts': sellingProducts,
  ...Object.fromEntries(PRODUCT_CONTROLLERS.map((c) => [`${c}.products`, catalogue(c)])),
});
