import { Entity } from 'electrodb';
import { documentClient } from '../adapters/dynamo.js';
import { config } from '../config.js';
import { PACKAGES } from '../../shared/domain/plans.js';

/**
 * Billing items of a seller, all in the seller's partition. Only what the processor gives back is kept: its
 * references, the card's brand, last 4 and expiry, or the bank's name and last 4 — never a card number or CVV.
 */
const table = config.TABLE_NAME;
const client = documentClient;
const service = 'desk';

/** The seller's saved payment method and billing choices (one item). */
export const billingEntity = new Entity(
  {
    model: { entity: 'billing', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      processor: { type: 'string' },
      /** The processor's customer and payment method ids (Stripe: cus_…, pm_…/card_…/ba_…). */
      customerRef: { type: 'string' },
      methodRef: { type: 'string' },
      methodKind: { type: ['card', 'bank'] as const },
      brand: { type: 'string' },
      last4: { type: 'string' },
      expMonth: { type: 'number' },
      expYear: { type: 'number' },
      bankName: { type: 'string' },
      zip: { type: 'string' },
      autoRechargeAmount: { type: 'number' },
      /** A downgrade waits for the next charge (spec section 4). */
      pendingPlan: { type: PACKAGES },
      pendingAnnual: { type: 'boolean' },
      cancellationPending: { type: 'boolean' },
      updatedAt: { type: 'string', required: true, default: () => new Date().toISOString(), set: () => new Date().toISOString(), watch: '*' },
    },
    indexes: {
      billing: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'BILLING', casing: 'none' },
      },
    },
  },
  { client, table },
);

export const CHARGE_STATUSES = ['pending', 'succeeded', 'declined', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * One item per charge, keyed by its idempotency key: a second request with the same key finds this item and
 * never charges again. The payment history lists these (gsi1, newest first by createdAt).
 */
export const chargeEntity = new Entity(
  {
    model: { entity: 'charge', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      idempotencyKey: { type: 'string', required: true, readOnly: true },
      amountCents: { type: 'number', required: true, readOnly: true },
      feeCents: { type: 'number', required: true },
      description: { type: 'string', required: true },
      status: { type: CHARGE_STATUSES, required: true },
      chargeId: { type: 'string' },
      message: { type: 'string' },
      processor: { type: 'string' },
      brand: { type: 'string' },
      last4: { type: 'string' },
      createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byKey: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' },
        sk: { field: 'sk', composite: ['idempotencyKey'], template: 'CHARGE#${idempotencyKey}', casing: 'none' },
      },
      byDate: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}#CHARGES', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['createdAt', 'idempotencyKey'], template: '${createdAt}#${idempotencyKey}', casing: 'none' },
      },
    },
  },
  { client, table },
);

/** A payment token once used: a token is good for one save only (spec section 8, token reuse). */
export const usedTokenEntity = new Entity(
  {
    model: { entity: 'usedToken', version: '1', service },
    attributes: {
      sellerId: { type: 'string', required: true, readOnly: true },
      token: { type: 'string', required: true, readOnly: true },
      usedAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byToken: {
        pk: { field: 'pk', composite: ['sellerId'], template: 'CONSULTANT#${sellerId}', casing: 'none' },
        sk: { field: 'sk', composite: ['token'], template: 'PAYTOKEN#${token}', casing: 'none' },
      },
    },
  },
  { client, table },
);

export type Billing = NonNullable<Awaited<ReturnType<typeof getBilling>>>;

export async function getBilling(sellerId: string) {
  const { data } = await billingEntity.get({ sellerId }).go();
  return data;
}

export async function listCharges(sellerId: string, cursor?: string) {
  return chargeEntity.query.byDate({ sellerId }).go({ order: 'desc', limit: 50, cursor: cursor ?? null });
}

