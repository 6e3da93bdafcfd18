import { Entity } from 'electrodb';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';

/**
 * Items that serve customers but are not customers: the search terms and the record of a finished merge.
 * Registered in the Service (entities.ts) so they are written in the same transactions as the customer.
 */
const table = config.TABLE_NAME;
const client = documentClient;
const service = 'desk';

/**
 * One item per search term of a customer (shared/domain/customer-search.ts), in the seller's own search
 * partition, so a search is a prefix Query (begins_with on sk) and never a Scan. `earlier` holds the customer's
 * terms sorted before this one: a search lists the customer only at the first term that matches.
 */
export const customerTermEntity = new Entity(
  {
    model: { entity: 'customerTerm', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      customerId: { type: 'string', required: true, readOnly: true },
      e1: { type: 'string' },
      e2: { type: 'string' },
      e3: { type: 'string' },
    },
    indexes: {
      byTerm: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#CUSTSEARCH', casing: 'none' },
        sk: { field: 'sk', composite: ['term', 'customerId'], template: '${term}#${customerId}', casing: 'none' },
      },
    },
  },
  { client, table },
);

/**
 * Left behind when a merged customer is removed: a retried merge then knows that customer is already merged
 * (and into whom) instead of answering 404.
 */
export const customerMergeEntity = new Entity(
  {
    model: { entity: 'customerMerge', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      mergedId: { type: 'string', required: true, readOnly: true },
      keptId: { type: 'string', required: true, readOnly: true },
      mergedAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byMerged: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' },
        sk: { field: 'sk', composite: ['mergedId'], template: 'MERGED#${mergedId}', casing: 'none' },
      },
    },
  },
  { client, table },
);
