import { Entity } from 'electrodb';
import { keyAttribute, model, onEmailLedger, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * Email sending (functions/email): one claim per email, its receipt, one suppression per address. They live in the
 * email ledger (infra/definitions.ts EMAIL_LEDGER), keyed as in the single table, and never written in one
 * transaction with a business item (every-entity.ts lists the single table's).
 */

export const EMAIL_SEND_STATUSES = ['claimed', 'sent'] as const;

/**
 * One email's claim, keyed by a hash of its natural key (kind, recipient, reason) under the seller: created
 * (attribute_not_exists) before SES is called and marked sent after, so a redelivered message or a second worker
 * finds it and sends nothing. A claim whose lease ran out belonged to a worker that stopped before sending.
 */
export const emailSendEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('emailSend'),
      attributes: {
        sellerId: keyAttribute,
        sendKey: keyAttribute,
        kind: { type: 'string', required: true },
        category: { type: ['marketing', 'transactional'] as const, required: true },
        customerId: { type: 'string' },
        to: { type: 'string', required: true },
        status: { type: EMAIL_SEND_STATUSES, required: true, default: 'claimed' },
        /** ISO time after which another worker may take the claim over. */
        leaseUntil: { type: 'string', required: true },
        attempts: { type: 'number', required: true, default: 1 },
        sesMessageId: { type: 'string' },
        sentAt: { type: 'string' },
        correlationId: { type: 'string' },
        /** The receipt (emailReceiptEntity) that records this claim's email sent, named when it was claimed. */
        receipt: { type: 'string' },
        /** TTL (a year): storage hygiene only; a message redelivered a year later is not a case. */
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        byKey: { pk: sellerKey(), sk: sortKey('EMAILSEND#${sendKey}', ['sendKey']) },
      },
    },
    onEmailLedger,
  ),
);

/** What a receipt records of each email it names: SES's message id, the address it went to, when. */
export interface SentEmail {
  sesMessageId: string;
  to: string;
  sentAt: string;
}

/**
 * The emails of one claim turn that SES accepted, one item per write of the marks (`part`): the claims of a turn
 * name their receipt when they are made, and the marks after the send write the receipt rather than each claim,
 * so a batch of fifty emails to four sellers costs four puts, not fifty. A claim with its send key in one of its
 * receipt's parts was sent; one without is still only a claim (its lease says whether its worker is alive).
 */
export const emailReceiptEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('emailReceipt'),
      attributes: {
        sellerId: keyAttribute,
        receipt: keyAttribute,
        part: keyAttribute,
        /** By send key (the claim's key), what was sent. */
        sent: { type: 'any', required: true },
        /** TTL (a year), as the claims it records. */
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        byReceipt: { pk: sellerKey(), sk: sortKey('EMAILRECEIPT#${receipt}#${part}', ['receipt', 'part']) },
      },
    },
    onEmailLedger,
  ),
);

export const SUPPRESSION_REASONS = ['bounced', 'complained', 'unsubscribed'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * An address the seller may not email: SES reported a permanent bounce or a complaint (no email at all), or its
 * owner unsubscribed from an email that had no customer record (no marketing). Keyed by the lower-cased address.
 */
export const emailSuppressionEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('emailSuppression'),
      attributes: {
        sellerId: keyAttribute,
        address: keyAttribute,
        reason: { type: SUPPRESSION_REASONS, required: true },
        sesMessageId: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byAddress: { pk: sellerKey(), sk: sortKey('SUPPRESSED#${address}', ['address']) },
      },
    },
    onEmailLedger,
  ),
);

/** Every entity of the email ledger (tests read a seller's items through them, as through every-entity.ts's). */
export const emailLedgerEntities = () => ({ emailSend: emailSendEntity(), emailReceipt: emailReceiptEntity(), emailSuppression: emailSuppressionEntity() });
