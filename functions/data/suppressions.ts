import { coalesced, distinctBy } from './coalesce.js';
import { emailSuppressionEntity, type SuppressionReason } from './email-entities.js';
import { customerEntity } from './entities.js';
import { allProcessed, applied } from './errors.js';

/**
 * The email ledger's suppressions as read (deliverEmail, campaigns, the unsubscribe call) and their copy on the
 * customer item (`emailSuppression`, docs/data-model.md "Email status on the customer"): the customer screens show a
 * customer's email status from the copy, sending always reads the ledger. A module of its own below customers.ts and
 * email-sends.ts, which both keep the copy true.
 */

export type { SuppressionReason };

/** BatchGet's most keys per request. */
const BATCH_GET = 100;

export const normalAddress = (address: string) => address.trim().toLowerCase();

/**
 * A filter true for the first of each address it is asked about (by its normal form): one email per address when
 * two records of one person, or an extra address that is a customer's, would otherwise each get one.
 */
export function firstOfEachAddress(): (address: string) => boolean {
  const seen = new Set<string>();
  return (address) => {
    const normal = normalAddress(address);
    return !seen.has(normal) && Boolean(seen.add(normal));
  };
}

type SuppressionKey = { sellerId: string; address: string };
const suppressionId = (k: SuppressionKey) => `${k.sellerId}\u0000${k.address}`;

const readSuppressions = coalesced(async (keys: SuppressionKey[]) => {
  const unique = distinctBy(keys, suppressionId);
  const { data } = allProcessed(await emailSuppressionEntity().get(unique).go(), 'email suppressions were not read');
  const found = new Map(data.map((s) => [suppressionId(s), s.reason]));
  return keys.map((k) => found.get(suppressionId(k)));
}, BATCH_GET);

/** Why the seller may not email this address, if it is suppressed (this turn's others read in the same BatchGet). */
export async function suppressionOf(sellerId: string, address: string): Promise<SuppressionReason | undefined> {
  return readSuppressions({ sellerId, address: normalAddress(address) });
}

/**
 * Suppressions of several addresses of one seller (a page of customers, a batch of new buyers), by lower-cased
 * address, in one BatchGet. `consistent`: what a customer write re-reads after itself (settleEmailSuppressions).
 */
export async function suppressionsOf(
  sellerId: string,
  addresses: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, SuppressionReason>> {
  const unique = [...new Set(addresses.map(normalAddress))];
  if (unique.length === 0) return new Map();
  const { data } = allProcessed(
    await emailSuppressionEntity().get(unique.map((address) => ({ sellerId, address }))).go({ consistent: options.consistent ?? false }),
    'email suppressions were not read',
  );
  return new Map(data.map((s) => [s.address, s.reason]));
}

/**
 * Copies a suppression onto one customer, only while the customer's email is still `email` (the address as stored
 * when read or written: a customer whose address changed meanwhile is not marked) and under the ledger's own rule (an
 * unsubscribe never replaces a bounce or complaint), so a late writer holding an older reason cannot undo a newer
 * one. False when the condition failed (or the customer is gone).
 */
export async function markEmailSuppression(sellerId: string, customer: { customerId: string; email: string }, reason: SuppressionReason): Promise<boolean> {
  return applied(
    customerEntity()
      .patch({ sellerId, customerId: customer.customerId })
      .set({ emailSuppression: reason })
      // suppressionReplaces as a condition: an unsubscribe only where there is none or an unsubscribe.
      .where((a, { eq, notExists }) =>
        reason === 'unsubscribed'
          ? `${eq(a.email, customer.email)} AND (${notExists(a.emailSuppression)} OR ${eq(a.emailSuppression, 'unsubscribed')})`
          : eq(a.email, customer.email),
      )
      .go({ response: 'none' }),
  );
}

/** A customer as just written: its address and the suppression written with it (absent: none). */
export interface WrittenAddress {
  customerId: string;
  email?: string;
  emailSuppression?: SuppressionReason;
}

/**
 * The second half of every customer write that sets an address (create, an email changed by an edit, a merge or an
 * import): the customers were written with the suppression read before; after the write the ledger is read again
 * (one consistent BatchGet), and a customer whose address was suppressed meanwhile is marked. suppressAddress writes
 * the ledger before it looks the customers up, so of a suppression and a customer written at the same moment one
 * always sees the other. Suppressions are never removed: a customer written with one never needs it taken off here.
 */
export async function settleEmailSuppressions(sellerId: string, written: readonly WrittenAddress[]): Promise<void> {
  const addressed = written.flatMap((w) => (w.email ? [{ ...w, email: w.email }] : []));
  if (addressed.length === 0) return;
  const now = await suppressionsOf(
    sellerId,
    addressed.map((w) => w.email),
    { consistent: true },
  );
  await Promise.all(
    addressed.map((w) => {
      const reason = now.get(normalAddress(w.email));
      return reason && reason !== w.emailSuppression ? markEmailSuppression(sellerId, w, reason) : undefined;
    }),
  );
}
