import { Entity } from 'electrodb';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';

/**
 * Postage and labels. Registered in the Service (entities.ts) so a label, the balance debit and the order
 * update are one transaction.
 */
const table = config.TABLE_NAME;
const client = documentClient;
const service = 'desk';
const seller = () => ({ field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' }) as const;
const now = () => new Date().toISOString();

/** One item per seller: the balance in cents, changed only by conditional updates. */
export const postageEntity = new Entity(
  {
    model: { entity: 'postage', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      balanceCents: { type: 'number', required: true, default: 0 },
      thresholdCents: { type: 'number', required: true, default: 1000 },
      /** Counts recharges: the next one's idempotency key, and the condition that credits it only once. */
      rechargeSeq: { type: 'number', required: true, default: 0 },
      updatedAt: { type: 'string', required: true, default: now, set: now, watch: '*' },
    },
    indexes: {
      balance: { pk: seller(), sk: { field: 'sk', composite: [], template: 'POSTAGE', casing: 'none' } },
    },
  },
  { client, table },
);

export const LABEL_STATUSES = ['bought', 'voided'] as const;

/**
 * A bought label. Its id is derived from the seller's idempotency key, so a retried purchase hits the same
 * item and its create condition (attribute_not_exists) refuses the second debit.
 */
export const labelEntity = new Entity(
  {
    model: { entity: 'label', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      labelId: { type: 'string', required: true, readOnly: true },
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
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
      updatedAt: { type: 'string', required: true, default: now, set: now, watch: '*' },
    },
    indexes: {
      byId: { pk: seller(), sk: { field: 'sk', composite: ['labelId'], template: 'LABEL#${labelId}', casing: 'none' } },
    },
  },
  { client, table },
);

export const BATCH_STATUSES = ['running', 'complete'] as const;

/** A Batch Purchase: its counts are added in the same transaction that settles each of its orders. */
export const labelBatchEntity = new Entity(
  {
    model: { entity: 'labelBatch', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      batchId: { type: 'string', required: true, readOnly: true },
      service: { type: 'string', required: true },
      orderCount: { type: 'number', required: true },
      estimatedCents: { type: 'number', required: true },
      bought: { type: 'number', required: true, default: 0 },
      failed: { type: 'number', required: true, default: 0 },
      spentCents: { type: 'number', required: true, default: 0 },
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
      updatedAt: { type: 'string', required: true, default: now, set: now, watch: '*' },
    },
    indexes: {
      byId: { pk: seller(), sk: { field: 'sk', composite: ['batchId'], template: 'BATCH#${batchId}', casing: 'none' } },
    },
  },
  { client, table },
);

export const BATCH_ORDER_STATUSES = ['pending', 'bought', 'failed'] as const;

/** One order of a batch and how it ended: its label, or the reason it could not be bought. */
export const labelBatchOrderEntity = new Entity(
  {
    model: { entity: 'labelBatchOrder', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      batchId: { type: 'string', required: true, readOnly: true },
      orderId: { type: 'string', required: true, readOnly: true },
      orderNumber: { type: 'string', required: true },
      customerName: { type: 'string', required: true },
      status: { type: BATCH_ORDER_STATUSES, required: true, default: 'pending' },
      labelId: { type: 'string' },
      trackingNumber: { type: 'string' },
      amountCents: { type: 'number' },
      error: { type: 'string' },
    },
    indexes: {
      byBatch: {
        pk: seller(),
        sk: { field: 'sk', composite: ['batchId', 'orderId'], template: 'BATCH#${batchId}#ORDER#${orderId}', casing: 'none' },
      },
    },
  },
  { client, table },
);

/** Shipments bought in one calendar month (UTC), counted in the purchase's own transaction. */
export const shipmentMonthEntity = new Entity(
  {
    model: { entity: 'shipmentMonth', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      month: { type: 'string', required: true, readOnly: true },
      shipments: { type: 'number', required: true, default: 0 },
    },
    indexes: {
      byMonth: { pk: seller(), sk: { field: 'sk', composite: ['month'], template: 'SHIPMENTS#${month}', casing: 'none' } },
    },
  },
  { client, table },
);

/** A delivery claim on a shipped order: one per order. */
export const deliveryClaimEntity = new Entity(
  {
    model: { entity: 'deliveryClaim', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      orderId: { type: 'string', required: true, readOnly: true },
      trackingNumber: { type: 'string', required: true },
      description: { type: 'string', required: true },
      status: { type: ['filed', 'resolved'] as const, required: true, default: 'filed' },
      createdAt: { type: 'string', readOnly: true, required: true, default: now },
    },
    indexes: {
      byOrder: { pk: seller(), sk: { field: 'sk', composite: ['orderId'], template: 'CLAIM#${orderId}', casing: 'none' } },
    },
  },
  { client, table },
);
