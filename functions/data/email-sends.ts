import { createHash } from 'node:crypto';
import { customerEntity } from './entities.js';
import { emailSendEntity, emailSuppressionEntity, type SuppressionReason } from './email-entities.js';
import { applied, isConditionFailure } from './errors.js';
import { now } from './table.js';

export type { SuppressionReason };

/** An email's natural key under its seller: kind, recipient (customer or address) and reason. */
export interface SendKey {
  kind: string;
  /** `customer:<id>` or `address:<lower-cased address>`. */
  recipient: string;
  reason: string;
}

/** The claim's sort key: a hash, so a long reason or address never outgrows DynamoDB's key limit. */
export function sendKeyOf(key: SendKey): string {
  return createHash('sha256').update(JSON.stringify([key.kind, key.recipient, key.reason])).digest('base64url');
}

export interface NewClaim {
  kind: string;
  category: 'marketing' | 'transactional';
  customerId?: string;
  to: string;
  correlationId?: string;
}

/**
 * 'claimed': this worker may send now. 'sent': the email went out before (nothing to do). 'held': another worker
 * holds a live claim (it may be sending right now): try later, never send beside it.
 */
export type ClaimResult = 'claimed' | 'sent' | 'held';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const leaseEnd = (seconds: number, from = Date.now()) => new Date(from + seconds * 1000).toISOString();

/**
 * Claims the email before it is sent: a conditional create; when the item exists and is still a claim whose lease
 * ran out (its worker stopped between claiming and sending), a conditional take-over on that very lease, so of two
 * workers taking over at once one wins.
 */
export async function claimEmailSend(sellerId: string, sendKey: string, claim: NewClaim, leaseSeconds: number): Promise<ClaimResult> {
  const created = await applied(
    emailSendEntity
      .create({
        sellerId,
        sendKey,
        ...claim,
        leaseUntil: leaseEnd(leaseSeconds),
        expiresAt: Math.floor(Date.now() / 1000) + YEAR_SECONDS,
      })
      .go(),
  );
  if (created) return 'claimed';
  const { data: existing } = await emailSendEntity.get({ sellerId, sendKey }).go({ consistent: true });
  if (!existing) return 'held'; // Removed between the two calls: a later try creates it again.
  if (existing.status === 'sent') return 'sent';
  if (existing.leaseUntil > now()) return 'held';
  const taken = await applied(
    emailSendEntity
      .patch({ sellerId, sendKey })
      .set({ leaseUntil: leaseEnd(leaseSeconds), ...(claim.correlationId ? { correlationId: claim.correlationId } : {}) })
      .add({ attempts: 1 })
      .where((a, { eq }) => `${eq(a.status, 'claimed')} AND ${eq(a.leaseUntil, existing.leaseUntil)}`)
      .go(),
  );
  return taken ? 'claimed' : 'held';
}

/** SES accepted the email: the claim becomes the record that it was sent. */
export async function markEmailSent(sellerId: string, sendKey: string, sesMessageId: string): Promise<void> {
  await emailSendEntity.patch({ sellerId, sendKey }).set({ status: 'sent', sesMessageId, sentAt: now() }).go();
}

/**
 * The send failed before SES accepted it: the claim's lease ends now, so the redelivered message may send at once.
 * Only a claim (never a sent record) is released.
 */
export async function releaseEmailSend(sellerId: string, sendKey: string): Promise<void> {
  try {
    await emailSendEntity
      .patch({ sellerId, sendKey })
      .set({ leaseUntil: new Date(0).toISOString() })
      .where((a, { eq }) => eq(a.status, 'claimed'))
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function getEmailSend(sellerId: string, sendKey: string) {
  return (await emailSendEntity.get({ sellerId, sendKey }).go({ consistent: true })).data;
}

export const normalAddress = (address: string) => address.trim().toLowerCase();

/** Why the seller may not email this address, if it is suppressed. */
export async function suppressionOf(sellerId: string, address: string): Promise<SuppressionReason | undefined> {
  const { data } = await emailSuppressionEntity.get({ sellerId, address: normalAddress(address) }).go();
  return data?.reason;
}

/** Suppressions of several addresses of one seller (a page of customers), by lower-cased address. */
export async function suppressionsOf(sellerId: string, addresses: readonly string[]): Promise<Map<string, SuppressionReason>> {
  const unique = [...new Set(addresses.map(normalAddress))];
  if (unique.length === 0) return new Map();
  const { data, unprocessed } = await emailSuppressionEntity.get(unique.map((address) => ({ sellerId, address }))).go();
  if (unprocessed.length > 0) throw new Error('email suppressions were not read');
  return new Map(data.map((s) => [s.address, s.reason]));
}

/**
 * Suppresses an address for the seller. A bounce or complaint replaces an unsubscribe (it also stops transactional
 * mail); an unsubscribe never replaces a bounce or complaint.
 */
export async function suppressAddress(sellerId: string, address: string, reason: SuppressionReason, sesMessageId?: string): Promise<void> {
  const key = { sellerId, address: normalAddress(address) };
  if (reason !== 'unsubscribed') {
    await emailSuppressionEntity.put({ ...key, reason, ...(sesMessageId ? { sesMessageId } : {}) }).go();
    return;
  }
  await applied(emailSuppressionEntity.create({ ...key, reason }).go());
}

/**
 * The customer unsubscribed: no marketing email from now on (marketingAllowed false and the time, which an import
 * that sets marketingAllowed again does not undo). False when the seller has no such customer.
 */
export async function unsubscribeCustomer(sellerId: string, customerId: string): Promise<boolean> {
  return applied(
    customerEntity
      .patch({ sellerId, customerId })
      .set({ marketingAllowed: false, unsubscribedAt: now() })
      .go(),
  );
}
