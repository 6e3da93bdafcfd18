import { Entity } from 'electrodb';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * The checkpoint of one part of an import batch's effects (functions/data/batch-effects.ts): created, conditionally,
 * in the same transaction as the counts, totals and points it adds. Orders the batch created name it
 * (`order.importBatch`), so a batch delivered again (a crash between its orders and its effects, a redelivered
 * message, a second import of the same orders at once) adds its effects once. Never expires: an order names it for
 * as long as the order exists.
 */
export const importBatchEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('importBatch'),
      attributes: {
        sellerId: keyAttribute,
        /** `<batch key>#<part>`. */
        batchId: keyAttribute,
        orders: { type: 'number', required: true },
        customers: { type: 'number', required: true },
        /** The import run (a CSV job) whose delivery wrote it: a redelivery of that run counts its orders as its own. */
        runId: { type: 'string' },
        /** How many transactions write the part's report aggregates (`writeAggregatesOnce`); absent on older checkpoints. */
        aggregates: { type: 'number' },
        /** The numbers of those transactions written: each adds its mark in its own transaction, on its absence. */
        aggregatesDone: { type: 'set', items: 'number' },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('IMPORTBATCH#${batchId}', ['batchId']),
        },
      },
    },
    onTable,
  ),
);
