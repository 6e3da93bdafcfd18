import { Entity } from 'electrodb';
import { keyAttribute, model, now, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

/**
 * Items that serve customers but are not customers: the search terms and the record of a finished merge, written
 * in the same transactions as the customer.
 */

/**
 * One item per search term of a customer (shared/domain/customer-search.ts), in the seller's own search
 * partition, so a search is a prefix Query (begins_with on sk) and never a Scan. `earlier` holds the customer's
 * terms sorted before this one: a search lists the customer only at the first term that matches.
 */
export const customerTermEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('customerTerm'),
      attributes: {
        sellerId: keyAttribute,
        term: keyAttribute,
        customerId: keyAttribute,
        e1: { type: 'string' },
        e2: { type: 'string' },
        e3: { type: 'string' },
      },
      indexes: {
        byTerm: {
          pk: sellerKey('pk', 'CUSTSEARCH'),
          sk: sortKey('${term}#${customerId}', ['term', 'customerId']),
        },
      },
    },
    onTable,
  ),
);

/**
 * Left behind when a merged customer is removed: a retried merge then knows that customer is already merged
 * (and into whom) instead of answering 404.
 */
export const customerMergeEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('customerMerge'),
      attributes: {
        sellerId: keyAttribute,
        mergedId: keyAttribute,
        keptId: keyAttribute,
        mergedAt: { type: 'string', required: true, default: now },
      },
      indexes: {
        byMerged: {
          pk: sellerKey(),
          sk: sortKey('MERGED#${mergedId}', ['mergedId']),
        },
      },
    },
    onTable,
  ),
);
