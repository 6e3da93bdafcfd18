import { Entity } from 'electrodb';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * A "days after shipping" email waiting for its day (issue 15; docs/data-model.md, "Automated emails"): one per
 * order under the seller, and in the day's bucket of gsi1 (`FOLLOWUPS#<day>#<shard>`) where the daily follow-ups job
 * finds every seller's items due that day with a Query of each shard, never a Scan.
 */
export const followUpDueEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('followUpDue'),
      attributes: {
        sellerId: keyAttribute,
        orderId: keyAttribute,
        /** YYYY-MM-DD (UTC): the day the email goes. */
        dueDate: { type: 'string', required: true },
        shard: { type: 'string', required: true },
        /** TTL (60 days after the due day): storage hygiene for an item the job could not take; never relied on. */
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        byOrder: { pk: sellerKey(), sk: sortKey('FOLLOWUP#${orderId}', ['orderId']) },
        byDay: {
          index: 'gsi1',
          // The one partition not under a seller: a scheduled job's cross-seller bucket, never read by a request.
          pk: { field: 'gsi1pk', composite: ['dueDate', 'shard'], template: 'FOLLOWUPS#${dueDate}#${shard}', casing: 'none' },
          sk: sortKey('${sellerId}#${orderId}', ['sellerId', 'orderId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);
