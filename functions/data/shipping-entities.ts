import { Entity } from 'electrodb';
import { createdAt, keyAttribute, model, onTable, sellerKey, sortKey, timestamps, updatedAt, onFirstUse } from './table.js';

/**
 * Postage and labels. A label, the balance debit and the order update are one transaction.
 */

/** One item per seller: the balance in cents, changed only by conditional updates. */
export const postageEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('postage'),
      attributes: {
        sellerId: keyAttribute,
        balanceCents: { type: 'number', required: true, default: 0 },
        thresholdCents: { type: 'number', required: true, default: 1000 },
        /** Counts recharges: the next one's idempotency key, and the condition that credits it only once. */
        rechargeSeq: { type: 'number', required: true, default: 0 },
        updatedAt,
      },
      indexes: {
        balance: { pk: sellerKey(), sk: sortKey('POSTAGE', []) },
      },
    },
    onTable,
  ),
);

export const LABEL_STATUSES = ['bought', 'voided'] as const;

/**
 * A bought label. Its id is derived from the seller's idempotency key, so a retried purchase hits the same
 * item and its create condition (attribute_not_exists) refuses the second debit.
 */
export const labelEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('label'),
      attributes: {
        sellerId: keyAttribute,
        labelId: keyAttribute,
        orderId: { type: 'string', required: true },
        service: { type: 'string', required: true },
        serviceName: { type: 'string', required: true },
        carrier: { type: 'string', required: true },
        trackingNumber: { type: 'string', required: true },
        carrierLabelId: { type: 'string', required: true },
        amountCents: { type: 'number', required: true },
        weightOz: { type: 'number', required: true },
        s3Key: { type: 'string', required: true },
        status: { type: LABEL_STATUSES, required: true, default: 'bought' },
        batchId: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: sellerKey(), sk: sortKey('LABEL#${labelId}', ['labelId']) },
      },
    },
    onTable,
  ),
);

export const BATCH_STATUSES = ['running', 'complete'] as const;

/** A Batch Purchase: its counts are added in the same transaction that settles each of its orders. */
export const labelBatchEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('labelBatch'),
      attributes: {
        sellerId: keyAttribute,
        batchId: keyAttribute,
        service: { type: 'string', required: true },
        orderCount: { type: 'number', required: true },
        estimatedCents: { type: 'number', required: true },
        bought: { type: 'number', required: true, default: 0 },
        failed: { type: 'number', required: true, default: 0 },
        spentCents: { type: 'number', required: true, default: 0 },
        /** The one card charge credited when the batch started, for what the balance lacked (written with the batch). */
        rechargedCents: { type: 'number' },
        /** The batch's one top-up when its labels cost more than priced; its presence is what makes it once-only. */
        toppedUpCents: { type: 'number' },
        /** Set once every order's label message is queued: a batch without it lost its start before (resumeBatch). */
        queuedAt: { type: 'string' },
        /** When a resume of the batch's messages last began: one resume at a time (claimBatchResume). */
        resumedAt: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: sellerKey(), sk: sortKey('BATCH#${batchId}', ['batchId']) },
      },
    },
    onTable,
  ),
);

export const BATCH_ORDER_STATUSES = ['pending', 'bought', 'failed'] as const;

/** One order of a batch and how it ended: its label, or the reason it could not be bought. */
export const labelBatchOrderEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('labelBatchOrder'),
      attributes: {
        sellerId: keyAttribute,
        batchId: keyAttribute,
        orderId: keyAttribute,
        orderNumber: { type: 'string', required: true },
        customerName: { type: 'string', required: true },
        /** The parcel its label is bought for, so a batch whose start died can queue its message again. */
        parcel: {
          type: 'map',
          properties: { weightOz: { type: 'number' }, lengthIn: { type: 'number' }, widthIn: { type: 'number' }, heightIn: { type: 'number' } },
        },
        status: { type: BATCH_ORDER_STATUSES, required: true, default: 'pending' },
        labelId: { type: 'string' },
        trackingNumber: { type: 'string' },
        amountCents: { type: 'number' },
        error: { type: 'string' },
      },
      indexes: {
        byBatch: {
          pk: sellerKey(),
          sk: sortKey('BATCH#${batchId}#ORDER#${orderId}', ['batchId', 'orderId']),
        },
      },
    },
    onTable,
  ),
);

/** Shipments bought in one calendar month (UTC), counted in the purchase's own transaction. */
export const shipmentMonthEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('shipmentMonth'),
      attributes: {
        sellerId: keyAttribute,
        month: keyAttribute,
        shipments: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        byMonth: { pk: sellerKey(), sk: sortKey('SHIPMENTS#${month}', ['month']) },
      },
    },
    onTable,
  ),
);

/** A delivery claim on a shipped order: one per order. */
export const deliveryClaimEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('deliveryClaim'),
      attributes: {
        sellerId: keyAttribute,
        orderId: keyAttribute,
        trackingNumber: { type: 'string', required: true },
        description: { type: 'string', required: true },
        status: { type: ['filed', 'resolved'] as const, required: true, default: 'filed' },
        createdAt,
      },
      indexes: {
        byOrder: { pk: sellerKey(), sk: sortKey('CLAIM#${orderId}', ['orderId']) },
      },
    },
    onTable,
  ),
);
