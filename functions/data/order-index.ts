import { Entity } from 'electrodb';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';

/**
 * One item per order in the seller's order-number partition, so an order is found by the start of its number with a
 * prefix Query (orders' own indexes are by date and by customer). Registered in the Service (entities.ts): written
 * in the same transaction as the order it names.
 */
export const orderNumberEntity = new Entity(
  {
    model: { entity: 'orderNumber', version: '1', service: 'desk' },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      /** orderNumberTerm(orderNumber) (functions/domain/order-search.ts). */
      term: { type: 'string', required: true, readOnly: true },
      orderId: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byNumber: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#ORDERNO', casing: 'none' },
        sk: { field: 'sk', composite: ['term', 'orderId'], template: '${term}#${orderId}', casing: 'none' },
      },
    },
  },
  { client: documentClient, table: config.TABLE_NAME },
);
