import { Entity } from 'electrodb';
import { PRODUCT_CONTROLLERS } from '../../shared/domain/platforms.js';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';

/**
 * The seller's product catalogue and its search terms. Registered in the Service (entities.ts) so a product and
 * its terms are written in one transaction.
 */
const table = config.TABLE_NAME;
const client = documentClient;
const service = 'desk';
const now = () => new Date().toISOString();

/** Where a product came from: the seller's own catalogue, or a platform's (written by its catalogue sync). */
export const PRODUCT_SOURCES = ['own', ...PRODUCT_CONTROLLERS] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

export const productEntity = new Entity(
  {
    model: { entity: 'product', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      productId: { type: 'string', required: true, readOnly: true },
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
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
      updatedAt: { type: 'string', required: true, default: now, set: now, watch: '*' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' },
        sk: { field: 'sk', composite: ['productId'], template: 'PRODUCT#${productId}', casing: 'none' },
      },
      /** One source's catalogue by name. */
      bySource: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId', 'source'], template: 'CONSULTANT#${sellerId}#PRODUCTS#${source}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['name', 'productId'], template: '${name}#${productId}', casing: 'lower' },
      },
      /** The live-selling list by name: only products with `selling` are in it (a sparse index; written by put). */
      selling: {
        index: 'gsi2',
        condition: (attr) => attr.selling === true,
        pk: { field: 'gsi2pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#SELLING', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['name', 'productId'], template: '${name}#${productId}', casing: 'lower' },
      },
    },
  },
  { client, table },
);

/**
 * One item per search term of a product (functions/domain/product-search.ts) in the seller's product search
 * partition, so a search is a prefix Query and never a Scan; gsi1 holds the same terms per source, for one
 * platform's catalogue. `earlier` is the product's terms sorted before this one (a product is listed once).
 */
export const productTermEntity = new Entity(
  {
    model: { entity: 'productTerm', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      productId: { type: 'string', required: true, readOnly: true },
      source: { type: PRODUCT_SOURCES, required: true },
      corporate: { type: 'boolean', required: true },
      earlier: { type: 'string' },
    },
    indexes: {
      byTerm: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#PRODSEARCH', casing: 'none' },
        sk: { field: 'sk', composite: ['term', 'productId'], template: '${term}#${productId}', casing: 'none' },
      },
      bySourceTerm: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId', 'source'], template: 'CONSULTANT#${sellerId}#PRODSEARCH#${source}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['term', 'productId'], template: '${term}#${productId}', casing: 'none' },
      },
    },
  },
  { client, table },
);
