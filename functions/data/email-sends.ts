import { createHash, randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { coalesced, distinctBy } from './coalesce.js';
import { markCustomersWithAddress } from './customers.js';
import { customerEntity } from './entities.js';
import { emailReceiptEntity, emailSendEntity, emailSuppressionEntity, type SentEmail, type SuppressionReason } from './email-entities.js';
import { allProcessed, applied, isConditionFailure, isTransactionCancelled } from './errors.js';
import { client, EMAIL_LEDGER_TABLE_NAME, now } from './table.js';
import { normalAddress } from './suppressions.js';
import { retryUnprocessed } from './unprocessed.js';

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
 * 'claimed': this worker created the claim and may send now; 'taken': it took over a claim whose worker stopped
 * (its lease ran out) and may send now. 'sent': the email went out before (nothing to do). 'held': another worker
 * holds a live claim (it may be sending right now): try later, never send beside it.
 */
export type ClaimResult = 'claimed' | 'taken' | 'sent' | 'held';

/** This worker holds the claim and may send. */
export const holdsClaim = (r: ClaimResult | undefined) => r === 'claimed' || r === 'taken';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const leaseEnd = (seconds: number, from = Date.now()) => new Date(from + seconds * 1000).toISOString();

type Sent = {
  sellerId: string;
  sendKey: string;
  sesMessageId: string;
  to: string;
};

/**
 * The receipt each claim this process holds names (claimed or taken over, not yet marked sent, released or
 * dropped): markEmailSent records the email in it.
 */
const heldReceipts = new Map<string, string>();

/** A transaction's most items. */
const TRANSACTION_ITEMS = 100;
/** BatchWriteItem's most items per request. */
const BATCH_WRITE = 25;
/** Tries of the items DynamoDB left unprocessed (throttling) before the write fails. */
const UNPROCESSED_TRIES = 8;

const claimItem = (sellerId: string, sendKey: string, claim: NewClaim, leaseSeconds: number, receipt: string) => ({
  sellerId,
  sendKey,
  ...claim,
  receipt,
  leaseUntil: leaseEnd(leaseSeconds),
  expiresAt: Math.floor(Date.now() / 1000) + YEAR_SECONDS,
});

/**
 * The claims of a batch, as a plain TransactWriteItems: the very items, keys and conditions emailSendEntity's create
 * writes (email-sends.test.ts holds them equal), without ElectroDB's per-item builder, which was the email workers'
 * largest cost per email after SES itself.
 */
const sendItemKey = (sellerId: string, sendKey: string) => ({ pk: `CONSULTANT#${sellerId}`, sk: `EMAILSEND#${sendKey}` });
const SEND_IDENTITY = { __edb_e__: 'emailSend', __edb_v__: '1' } as const;

/** A new claim, conditional on no item under its key (emailSendEntity().create). */
export function claimWrite(sellerId: string, sendKey: string, claim: NewClaim, leaseSeconds: number, receipt: string, at = now()) {
  return {
    Put: {
      TableName: EMAIL_LEDGER_TABLE_NAME,
      Item: {
        ...claimItem(sellerId, sendKey, claim, leaseSeconds, receipt),
        status: 'claimed',
        attempts: 1,
        createdAt: at,
        updatedAt: at,
        ...sendItemKey(sellerId, sendKey),
        ...SEND_IDENTITY,
      },
      ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    },
  };
}

/**
 * The receipt part recording `sent` (all of one seller and one receipt), as emailReceiptEntity().put writes it: a part
 * of its own (`part`), so the marks of one receipt written apart never overwrite each other.
 */
export function receiptItem(sellerId: string, receipt: string, sent: Record<string, SentEmail>, part: string = randomUUID()) {
  return emailReceiptEntity().put({ sellerId, receipt, part, sent, expiresAt: Math.floor(Date.now() / 1000) + YEAR_SECONDS }).params<{ Item: Record<string, unknown> }>()
    .Item;
}

/** Puts whole items, unconditionally, DynamoDB's unprocessed ones again after a wait; throws when some stay. */
async function putAll(items: readonly Record<string, unknown>[]): Promise<void> {
  for (let from = 0; from < items.length; from += BATCH_WRITE) {
    const puts = items.slice(from, from + BATCH_WRITE).map((Item) => ({ PutRequest: { Item } }));
    const written = await retryUnprocessed(
      puts,
      async (pending) => {
        const out = await client.send(new BatchWriteCommand({ RequestItems: { [EMAIL_LEDGER_TABLE_NAME]: pending } }));
        return (out.UnprocessedItems?.[EMAIL_LEDGER_TABLE_NAME] ?? []) as typeof pending;
      },
      { tries: UNPROCESSED_TRIES },
    );
    allProcessed(written, 'email receipts were not recorded');
  }
}

/** Writes all or none; throws DynamoDB's TransactionCanceledException when a condition fails. */
async function transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  await client.send(new TransactWriteCommand({ TransactItems: items }));
}

/** What the claim's receipt records of its email: undefined while it is not recorded sent. */
async function sentByReceipt(sellerId: string, sendKey: string, receipt: string | undefined): Promise<SentEmail | undefined> {
  if (!receipt) return undefined;
  const { data } = await emailReceiptEntity().query.byReceipt({ sellerId, receipt }).go({ consistent: true, pages: 'all' });
  for (const part of data) {
    const sent = (part.sent as Record<string, SentEmail>)[sendKey];
    if (sent) return sent;
  }
  return undefined;
}

/**
 * Claims one email alone: a conditional create; when the item exists, it was sent when its receipt (or, for a
 * record written before receipts, its status) says so; when it is still a claim whose lease ran out (its worker
 * stopped between claiming and sending), a conditional take-over on that very lease, naming this turn's receipt,
 * so of two workers taking over at once one wins.
 */
async function claimOne(sellerId: string, sendKey: string, claim: NewClaim, leaseSeconds: number, receipt: string): Promise<ClaimResult> {
  const created = await applied(emailSendEntity().create(claimItem(sellerId, sendKey, claim, leaseSeconds, receipt)).go());
  if (created) return 'claimed';
  const { data: existing } = await emailSendEntity().get({ sellerId, sendKey }).go({ consistent: true });
  if (!existing) return 'held'; // Removed between the two calls: a later try creates it again.
  if (existing.status === 'sent' || (await sentByReceipt(sellerId, sendKey, existing.receipt))) return 'sent';
  if (existing.leaseUntil > now()) return 'held';
  const taken = await applied(
    emailSendEntity()
      .patch({ sellerId, sendKey })
      .set({ leaseUntil: leaseEnd(leaseSeconds), receipt, ...(claim.correlationId ? { correlationId: claim.correlationId } : {}) })
      .add({ attempts: 1 })
      .where((a, { eq }) => `${eq(a.status, 'claimed')} AND ${eq(a.leaseUntil, existing.leaseUntil)}`)
      .go(),
  );
  return taken ? 'taken' : 'held';
}

type ClaimRequest = { sellerId: string; sendKey: string; claim: NewClaim; leaseSeconds: number };
const sendId = (r: { sellerId: string; sendKey: string }) => `${r.sellerId}\u0000${r.sendKey}`;

/** Each request's own answer, an error for that request alone. */
const settledEach = async <I, O>(items: readonly I[], one: (item: I) => Promise<O>): Promise<(O | Error)[]> =>
  (await Promise.allSettled(items.map(one))).map((r) =>
    r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason)),
  );

/**
 * The claims of one turn: first-time emails (the usual case) created together in one transaction, all conditional
 * on none existing. When DynamoDB cancels it (one of them exists: a redelivery, a take-over; or a race), each is
 * claimed alone, which tells them apart. The same email asked for twice in one turn (a double click in one batch) is
 * claimed once: the second request finds it held, and SQS tries it again later, when it is sent. Every claim of the
 * turn names the turn's receipt.
 */
const claimTogether = coalesced(async (requests: ClaimRequest[]): Promise<(ClaimResult | Error)[]> => {
  const firsts = distinctBy(requests, sendId);
  const receipt = randomUUID();
  const alone = () => settledEach(firsts, (r) => claimOne(r.sellerId, r.sendKey, r.claim, r.leaseSeconds, receipt));
  let answers: (ClaimResult | Error)[];
  if (firsts.length === 1) {
    answers = await alone();
  } else {
    let written = false;
    try {
      await transactWrite(firsts.map((r) => claimWrite(r.sellerId, r.sendKey, r.claim, r.leaseSeconds, receipt)));
      written = true;
    } catch (err) {
      if (!isTransactionCancelled(err)) throw err;
    }
    answers = written ? firsts.map(() => 'claimed' as const) : await alone();
  }
  for (const [i, r] of firsts.entries()) {
    const answer = answers[i];
    if (!(answer instanceof Error) && holdsClaim(answer)) heldReceipts.set(sendId(r), receipt);
  }
  const byKey = new Map(firsts.map((r, i) => [sendId(r), { first: r, answer: answers[i] as ClaimResult | Error }]));
  return requests.map((r) => {
    const { first, answer } = byKey.get(sendId(r))!;
    return r === first || answer instanceof Error || !holdsClaim(answer) ? answer : 'held';
  });
}, TRANSACTION_ITEMS);

/**
 * Claims the email before it is sent (see claimOne), joined with the other claims of this turn into one
 * transaction when there are several.
 */
export function claimEmailSend(sellerId: string, sendKey: string, claim: NewClaim, leaseSeconds: number): Promise<ClaimResult> {
  return claimTogether({ sellerId, sendKey, claim, leaseSeconds });
}

/** Sends recorded in one turn, so a receipt part's most emails: a part stays a few KB, far under DynamoDB's item limit. */
const RECEIPT_EMAILS = 100;

/**
 * The sends of one turn recorded in their claims' receipts: one part for each seller and receipt among them, put
 * unconditionally in one BatchWriteItem (a put can only ever record an email sent; were a condition to fail, the
 * email would be sent again). On DynamoDB a turn of fifty emails to four sellers is four puts, not fifty updates; on
 * DynamoDB Local, whose CPU is most of the worker's cost on one machine, a put per email was a quarter of it.
 */
const markTogether = coalesced(async (sent: Sent[]): Promise<(undefined | Error)[]> => {
  const at = now();
  // A turn holds at most RECEIPT_EMAILS sends, so each seller and receipt among them is one part.
  const parts = new Map<string, { sellerId: string; receipt: string; sent: Record<string, SentEmail> }>();
  // A claim whose receipt this process does not know (never the case for a claim it holds) is updated alone.
  const unknown: Sent[] = [];
  for (const s of sent) {
    const receipt = heldReceipts.get(sendId(s));
    if (!receipt) {
      unknown.push(s);
      continue;
    }
    const group = `${s.sellerId}\u0000${receipt}`;
    const part = parts.get(group) ?? { sellerId: s.sellerId, receipt, sent: {} };
    part.sent[s.sendKey] = { sesMessageId: s.sesMessageId, to: s.to, sentAt: at };
    parts.set(group, part);
  }
  try {
    await Promise.all([
      putAll([...parts.values()].map((p) => receiptItem(p.sellerId, p.receipt, p.sent))),
      ...unknown.map((s) =>
        emailSendEntity()
          .patch({ sellerId: s.sellerId, sendKey: s.sendKey })
          .set({ status: 'sent', sesMessageId: s.sesMessageId, sentAt: at, to: s.to })
          .go(),
      ),
    ]);
  } finally {
    // Recorded or not, these claims are no longer this process's to record: a failure goes back to SQS.
    for (const s of sent) heldReceipts.delete(sendId(s));
  }
  return sent.map(() => undefined);
}, RECEIPT_EMAILS);

/**
 * SES accepted the email sent to `to`: its claim's receipt records it (with this turn's others, in one write). Only
 * for a claim this process holds (claimEmailSend answered 'claimed' or 'taken').
 */
export async function markEmailSent(sellerId: string, sendKey: string, sesMessageId: string, to: string): Promise<void> {
  await markTogether({ sellerId, sendKey, sesMessageId, to });
}

/**
 * A claim made beside the reads (before consent was known) for an email that is not sent after all (consent said
 * no, the customer has no address now): removed, so the natural key is as if it was never claimed and a later
 * email under it is claimed at once. Only a claim this process holds and has not sent (a claim's status stays
 * 'claimed' once its receipt records it sent, so the condition guards only records written sent before receipts).
 * Rare, so one request each.
 */
export async function dropEmailClaim(sellerId: string, sendKey: string): Promise<void> {
  heldReceipts.delete(sendId({ sellerId, sendKey }));
  try {
    await emailSendEntity()
      .delete({ sellerId, sendKey })
      .where((a, { eq }) => eq(a.status, 'claimed'))
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The send failed before SES accepted it: the claim's lease ends now, so the redelivered message may send at once.
 * Only a claim this process holds and has not sent is released (as dropEmailClaim).
 */
export async function releaseEmailSend(sellerId: string, sendKey: string): Promise<void> {
  heldReceipts.delete(sendId({ sellerId, sendKey }));
  try {
    await emailSendEntity()
      .patch({ sellerId, sendKey })
      .set({ leaseUntil: new Date(0).toISOString() })
      .where((a, { eq }) => eq(a.status, 'claimed'))
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** One email's record: its claim, and what its receipt says when it was sent. */
export async function getEmailSend(sellerId: string, sendKey: string) {
  const claim = (await emailSendEntity().get({ sellerId, sendKey }).go({ consistent: true })).data;
  if (!claim || claim.status === 'sent') return claim;
  const sent = await sentByReceipt(sellerId, sendKey, claim.receipt);
  return sent ? { ...claim, ...sent, status: 'sent' as const } : claim;
}

/**
 * The email ledger's mark that the email items written before it (in the single table) were moved into it
 * (backfills.ts backfillEmailLedger): outside every seller's partition.
 */
export const LEDGER_MOVED_KEY = { pk: 'EMAIL_LEDGER', sk: 'MOVED' } as const;

/** The ledgers this process saw marked: from then on, no read (a mark is never taken back). */
const movedLedgers = new Set<string>();

/**
 * Whether the email items written before the ledger are in it. Until they are, a sender would miss an older
 * suppression or claim (an unsubscribed address, an email already sent), so it sends nothing (deliver.ts).
 */
export async function emailLedgerReady(ledger = EMAIL_LEDGER_TABLE_NAME): Promise<boolean> {
  if (movedLedgers.has(ledger)) return true;
  const { Item } = await client.send(new GetCommand({ TableName: ledger, Key: LEDGER_MOVED_KEY, ConsistentRead: true }));
  if (Item) movedLedgers.add(ledger);
  return Item !== undefined;
}

/** Marks the ledger as holding every email item written before it. */
export async function markEmailLedgerMoved(ledger = EMAIL_LEDGER_TABLE_NAME): Promise<void> {
  await client.send(new PutCommand({ TableName: ledger, Item: { ...LEDGER_MOVED_KEY, movedAt: now() } }));
}

/**
 * Suppresses an address for the seller. A bounce or complaint replaces an unsubscribe (it also stops transactional
 * mail); an unsubscribe never replaces a bounce or complaint. Then the seller's customers with that address carry
 * the reason the ledger holds (their email status on the customer screens, issue 18): after the ledger's write, so a
 * customer written at the same moment either is found here or finds the suppression when it re-reads the ledger
 * (settleEmailSuppressions). A redelivered event or a second click marks again what a stopped call left unmarked.
 */
export async function suppressAddress(sellerId: string, address: string, reason: SuppressionReason, sesMessageId?: string): Promise<void> {
  const key = { sellerId, address: normalAddress(address) };
  let held = reason;
  if (reason !== 'unsubscribed') {
    await emailSuppressionEntity().put({ ...key, reason, ...(sesMessageId ? { sesMessageId } : {}) }).go();
  } else if (!(await applied(emailSuppressionEntity().create({ ...key, reason }).go()))) {
    // Suppressed before (perhaps a bounce, which stays): the customers carry what the ledger holds.
    held = (await emailSuppressionEntity().get(key).go({ consistent: true })).data?.reason ?? reason;
  }
  await markCustomersWithAddress(sellerId, key.address, held);
}

/**
 * The customer unsubscribed: no marketing email from now on (marketingAllowed false and the time, which an import
 * that sets marketingAllowed again does not undo). False when the seller has no such customer.
 */
export async function unsubscribeCustomer(sellerId: string, customerId: string): Promise<boolean> {
  return applied(
    customerEntity()
      .patch({ sellerId, customerId })
      .set({ marketingAllowed: false, unsubscribedAt: now() })
      .go(),
  );
}
