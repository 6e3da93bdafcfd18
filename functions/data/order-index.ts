import { Entity } from 'electrodb';
import { keyAttribute, model, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

/**
 * One item per order in the seller's order-number partition, so an order is found by the start of its number with a
 * prefix Query (orders' own indexes are by date and by customer). Written in the same transaction as the order it
 * names.
 */
export const orderNumberEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('orderNumber'),
      attributes: {
        sellerId: keyAttribute,
        /** orderNumberTerm(orderNumber) (functions/domain/order-search.ts). */
        term: keyAttribute,
        orderId: keyAttribute,
      },
      indexes: {
        byNumber: {
          pk: sellerKey('pk', 'ORDERNO'),
          sk: sortKey('${term}#${orderId}', ['term', 'orderId']),
        },
      },
    },
    onTable,
  ),
);
