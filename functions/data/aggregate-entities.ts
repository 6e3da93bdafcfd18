import { Entity } from 'electrodb';
import { AGGREGATE_KINDS } from '../../shared/domain/reports.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

// No default: an upsert would SET it and so reset the figures an ADD of other measures leaves alone.
const count = { type: 'number' } as const;

/**
 * The report aggregates (docs/data-model.md, "Home, dashboard, reports, supplies"): one partition per seller, one
 * item per kind, day and key, every figure changed only by ADD (shared/domain/reports.ts computes the deltas).
 */
export const aggregateEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('aggregate'),
      attributes: {
        sellerId: keyAttribute,
        kind: { type: AGGREGATE_KINDS, required: true, readOnly: true },
        day: keyAttribute,
        key: keyAttribute,
        label: { type: 'string' },
        orders: count,
        salesCents: count,
        quantity: count,
        shipments: count,
        postageCents: count,
        rewardsEarned: count,
        rewardsRedeemed: count,
        open: count,
      },
      indexes: {
        // One partition per seller (every seller partition's key names only the seller: test/support/seller-items.ts).
        byDay: { pk: sellerKey('pk', 'AGG'), sk: sortKey('${kind}#${day}#${key}', ['kind', 'day', 'key']) },
      },
    },
    onTable,
  ),
);
