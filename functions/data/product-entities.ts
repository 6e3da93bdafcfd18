import { Entity } from 'electrodb';
import { PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * The seller's product catalogue and its search terms; a product and its terms are written in one transaction.
 */

/** Where a product came from: the seller's own catalogue, or a platform's (written by its catalogue sync). */
export const PRODUCT_SOURCES = ['own', ...PRODUCT_CONTROLLERS] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

export const productEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('product'),
      attributes: {
        sellerId: keyAttribute,
        productId: keyAttribute,
        name: { type: 'string', required: true },
        sku: { type: 'string' },
        /** Dollars, like order items. */
        price: { type: 'number', required: true },
        /** A live-sale price; with `saleStreamId` only in that live stream, without it in every stream. */
        salePrice: { type: 'number' },
        saleStreamId: { type: 'string' },
        description: { type: 'string' },
        imageUrl: { type: 'string' },
        source: { type: PRODUCT_SOURCES, required: true, default: 'own' },
        /** From the brand's (corporate) catalogue rather than the seller's own listing. */
        corporate: { type: 'boolean', required: true, default: false },
        /** On the seller's live-selling list (`/products/getSellingProducts`). */
        selling: { type: 'boolean', required: true, default: false },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('PRODUCT#${productId}', ['productId']),
        },
        /** One source's catalogue by name. */
        bySource: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'PRODUCTS#${source}', ['source']),
          sk: sortKey('${name}#${productId}', ['name', 'productId'], 'gsi1sk', 'lower'),
        },
        /** The live-selling list by name: only products with `selling` are in it (a sparse index; written by put). */
        selling: {
          index: 'gsi2',
          condition: (attr) => attr.selling === true,
          pk: sellerKey('gsi2pk', 'SELLING'),
          sk: sortKey('${name}#${productId}', ['name', 'productId'], 'gsi2sk', 'lower'),
        },
      },
    },
    onTable,
  ),
);

/**
 * One item per search term of a product (functions/domain/product-search.ts) in the seller's product search
 * partition, so a search is a prefix Query and never a Scan; gsi1 holds the same terms per source, for one
 * platform's catalogue. `earlier` is the product's terms sorted before this one (a product is listed once).
 */
export const productTermEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('productTerm'),
      attributes: {
        sellerId: keyAttribute,
        term: keyAttribute,
        productId: keyAttribute,
        source: { type: PRODUCT_SOURCES, required: true },
        corporate: { type: 'boolean', required: true },
        earlier: { type: 'string' },
      },
      indexes: {
        byTerm: {
          pk: sellerKey('pk', 'PRODSEARCH'),
          sk: sortKey('${term}#${productId}', ['term', 'productId']),
        },
        bySourceTerm: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'PRODSEARCH#${source}', ['source']),
          sk: sortKey('${term}#${productId}', ['term', 'productId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);
