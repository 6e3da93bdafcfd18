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

/**
 * An import's claim of a number for a new order, one item per number (the index above has one per order, so it
 * cannot refuse a second holder): created only where no other order's claim is, so two imports running at once
 * that each read the number as free add it once. It expires: a claim guards the minutes between an import's read of
 * the seller's numbers and its write (functions/imports/upsert-orders.ts TakenNumbers); after that the index above
 * says who holds a number, and a deleted order's number is free again.
 */
export const orderNumberClaimEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('orderNumberClaim'),
      attributes: {
        sellerId: keyAttribute,
        term: keyAttribute,
        orderId: { type: 'string', required: true },
        /** Epoch seconds: DynamoDB's TTL removes it, and a claim past it is taken over before that. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byTerm: {
          pk: sellerKey('pk', 'ORDERNOCLAIM'),
          sk: sortKey('${term}', ['term']),
        },
      },
    },
    onTable,
  ),
);
