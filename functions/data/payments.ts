import { Entity } from 'electrodb';
import { PACKAGES } from '../../shared/domain/plans.js';
import { withCursor } from './errors.js';
import { billingKey } from './item-keys.js';
import { entityTogether } from './items-together.js';
import { createdAt, keyAttribute, model, now, onTable, pageOf, sellerKey, sortKey, updatedAt, onFirstUse } from './table.js';

/** Charges one page of the payment history shows. */
const CHARGES_PAGE_SIZE = 50;

/**
 * Billing items of a seller, all in the seller's partition. Only what the processor gives back is kept: its
 * references, the card's brand, last 4 and expiry, or the bank's name and last 4 — never a card number or CVV.
 */

/** The seller's saved payment method and billing choices (one item). */
export const billingEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('billing'),
      attributes: {
        sellerId: keyAttribute,
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
        /** The plan and period last paid for by a subscription charge: paying for them again is refused (issue 17). */
        paidPlan: { type: PACKAGES },
        paidAnnual: { type: 'boolean' },
        /**
         * A plan change being charged now ("growth:monthly") and until when its claim holds: a change to another
         * plan sent meanwhile (another tab) is refused rather than charged as well (claimPlanChange).
         */
        planChangeTo: { type: 'string' },
        planChangeUntil: { type: 'string' },
        updatedAt,
      },
      indexes: {
        billing: {
          pk: sellerKey(),
          sk: sortKey('BILLING', []),
        },
      },
    },
    onTable,
  ),
);

export const CHARGE_STATUSES = ['pending', 'succeeded', 'declined', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * One item per charge, keyed by its idempotency key: a second request with the same key finds this item and
 * never charges again. The payment history lists these (gsi1, newest first by createdAt).
 */
export const chargeEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('charge'),
      attributes: {
        sellerId: keyAttribute,
        idempotencyKey: keyAttribute,
        amountCents: { type: 'number', required: true, readOnly: true },
        feeCents: { type: 'number', required: true },
        description: { type: 'string', required: true },
        status: { type: CHARGE_STATUSES, required: true },
        chargeId: { type: 'string' },
        message: { type: 'string' },
        /** Why the issuer refused the card, when the processor said (a repeat of the key answers it again). */
        declineCode: { type: ['declined', 'expired', 'insufficientFunds'] as const },
        processor: { type: 'string' },
        brand: { type: 'string' },
        last4: { type: 'string' },
        createdAt,
      },
      indexes: {
        byKey: {
          pk: sellerKey(),
          sk: sortKey('CHARGE#${idempotencyKey}', ['idempotencyKey']),
        },
        byDate: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'CHARGES'),
          sk: sortKey('${createdAt}#${idempotencyKey}', ['createdAt', 'idempotencyKey'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

/** A payment token once used: a token is good for one save only (spec section 8, token reuse). */
export const usedTokenEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('usedToken'),
      attributes: {
        sellerId: keyAttribute,
        token: keyAttribute,
        usedAt: { type: 'string', required: true, default: now },
      },
      indexes: {
        byToken: {
          pk: sellerKey(),
          sk: sortKey('PAYTOKEN#${token}', ['token']),
        },
      },
    },
    onTable,
  ),
);

export type Billing = NonNullable<Awaited<ReturnType<typeof getBilling>>>;

/** The billing choices, read with the turn's other items (the billing form's read beside the plan gate's). */
export async function getBilling(sellerId: string) {
  return entityTogether(billingEntity(), billingKey(sellerId));
}

export async function listCharges(sellerId: string, cursor?: string) {
  return withCursor(() => chargeEntity().query.byDate({ sellerId }).go({ ...pageOf(sellerId, { cursor }, CHARGES_PAGE_SIZE), order: 'desc' }));
}

