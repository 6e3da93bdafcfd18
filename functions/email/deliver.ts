import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC } from '../../shared/ops/metrics.js';
import { emailLinkSecret } from '../adapters/secrets.js';
import { SES_BULK_MAX, type SesEntry, type SesSender, sendSesBulk } from '../adapters/ses.js';
import { config } from '../config.js';
import { coalesced } from '../data/coalesce.js';
import {
  type ClaimResult,
  claimEmailSend,
  emailLedgerReady,
  dropEmailClaim,
  holdsClaim,
  markEmailSent,
  releaseEmailSend,
  sendKeyOf,
} from '../data/email-sends.js';
import { normalAddress, suppressionOf } from '../data/suppressions.js';
import { type EmailCustomer, type EmailSeller, readForEmail } from '../data/email-reads.js';
import { type Deadline, NO_DEADLINE } from '../domain/deadline.js';
import { backoffMs, sleep } from '../domain/backoff.js';
import {
  blockedBecause,
  composeEmail,
  type EmailCategory,
  formatAddressLines,
  fromHeader,
  isThrottling,
  type Sender,
  tagValue,
  unsubscribeToken,
  unsubscribeUrls,
} from '../domain/email.js';
import { addMetric, correlationId, logger } from '../observability.js';
import { SendPacer } from './rate.js';

/** One email to one recipient; deliverEmail reads what it needs, renders it, adds the footer and headers. */
export interface OutgoingEmail {
  sellerId: string;
  /**
   * The customer it goes to, at the address the customer has when it is sent (a customer gone, merged into another
   * or without an address has nothing to send); absent for an address with no customer record (an announcement's
   * extra address, the seller's own).
   */
  customerId?: string;
  /**
   * Without a customer: the address it goes to. With one: the customer's address when the email was asked for, if
   * the asker knew it. Then that address's suppression is read with the seller and the customer, and the claim is
   * made beside that read; a customer whose address changed since is checked at the new address before sending.
   */
  to?: string;
  /** With `reason` and the recipient, the natural key: one email per (seller, kind, recipient, reason). */
  kind: string;
  reason: string;
  category: EmailCategory;
  /** The subject and the text before the footer, from the seller and the customer as read for this send. */
  render: (read: { seller: EmailSeller; customer?: EmailCustomer }) => { subject: string; text: string };
  correlationId?: string;
}

/**
 * 'sent' now; 'duplicate': sent before (a redelivery); 'suppressed': consent or deliverability said no;
 * 'noAddress': the customer has no address to send to (or is gone), which is not a failure.
 */
export type DeliveryOutcome = 'sent' | 'duplicate' | 'suppressed' | 'noAddress';

/** Another worker holds this email's live claim: the message is tried again later, never sent beside it. */
export class EmailClaimHeld extends Error {
  override name = 'EmailClaimHeld';
}

/**
 * The email ledger does not hold the email items written before it yet (the release's backfill is running): nothing
 * is sent, since an older suppression or claim could be missed; SQS delivers the message again later.
 */
export class EmailLedgerNotReady extends Error {
  override name = 'EmailLedgerNotReady';
}

/** Throttled tries of one send before the message goes back to SQS (which redelivers it). */
const MAX_THROTTLED_TRIES = 8;

const pacer = new SendPacer(config.EMAIL_SEND_RATE_PER_SECOND);

/** What the caller read already (the customer whose address it looked up): not read again. */
export interface Known {
  seller?: EmailSeller;
  customer?: EmailCustomer;
}

/**
 * The seller as the footer (business name and postal address) and the From line show it. The From name and the
 * reply-to are the seller's choice in /settings#email, else the business name and the sign-in address.
 */
function senderOf(seller: EmailSeller): Sender & { fromName: string; replyTo?: string } {
  const name = seller.businessName || seller.name;
  const address = formatAddressLines(seller.returnAddress);
  if (address.length === 0) logger.warn('seller has no postal address for the email footer', { sellerId: seller.sellerId });
  return { name, address, fromName: seller.senderName || name, replyTo: seller.replyTo || seller.email || undefined };
}

const settledValue = <T>(r: PromiseSettledResult<T>): T => {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
};

/**
 * The one way every email leaves: consent (marketing: the customer may receive it, the address is not suppressed;
 * any email: the address did not bounce or complain), a claim on the natural key (once, whatever is redelivered),
 * the footer and headers, SES with backoff on throttling at this process's send rate, the email recorded sent in its
 * claim's receipt. Each step is joined with the same step of the batch's other emails (one BatchGet of sellers,
 * customers and suppressions, one claim transaction, one SendBulkEmail per sender, one receipt put per seller), each
 * email keeping its own answer.
 *
 * When the address is known before the reads (`to`), the claim is made beside them rather than after: a batch
 * waits on one DynamoDB round trip before SES (the read and the claims side by side), not three. A claim so made
 * for an email that is not sent after all (consent said no, no address) is removed. Nothing is sent before both the
 * reads said yes and the claim is durable.
 *
 * A failure before SES accepts releases the claim and throws, so SQS redelivers; a worker that dies after claiming
 * leaves a claim whose lease (EMAIL_CLAIM_LEASE_SECONDS) ends, and the redelivery sends. One window cannot be
 * closed: a worker that dies after SES accepted and before the receipt is written leaves the email to be sent again
 * once the lease ends.
 */
export async function deliverEmail(email: OutgoingEmail, deadline: Deadline = NO_DEADLINE, known: Known = {}): Promise<DeliveryOutcome> {
  const log = { sellerId: email.sellerId, kind: email.kind, reason: email.reason, customerId: email.customerId };
  const asked = email.to?.trim() ? normalAddress(email.to) : undefined;
  if (!email.customerId && !asked) {
    logger.info('email has no address to go to', log);
    return 'noAddress';
  }
  if (!(await emailLedgerReady())) throw new EmailLedgerNotReady('the email ledger is being filled from the table (npm run backfill -- email-ledger); sending later');
  const knownSeller = known.seller?.sellerId === email.sellerId ? known.seller : undefined;
  const knownCustomer = email.customerId && known.customer?.customerId === email.customerId ? known.customer : undefined;
  const recipient = email.customerId ? `customer:${email.customerId}` : `address:${asked}`;
  const sendKey = sendKeyOf({ kind: email.kind, recipient, reason: email.reason });
  const correlation = email.correlationId ?? correlationId();
  const claimFor = (to: string) =>
    claimEmailSend(
      email.sellerId,
      sendKey,
      { kind: email.kind, category: email.category, customerId: email.customerId, to, correlationId: correlation },
      config.EMAIL_CLAIM_LEASE_SECONDS,
    );

  const [read, ahead] = await Promise.allSettled([
    readForEmail({
      sellerId: email.sellerId,
      seller: !knownSeller,
      ...(email.customerId && !knownCustomer ? { customerId: email.customerId } : {}),
      ...(asked ? { address: asked } : {}),
    }),
    asked ? claimFor(asked) : Promise.resolve(undefined),
  ]);
  let claim: ClaimResult | undefined = ahead.status === 'fulfilled' ? ahead.value : undefined;
  // Ours and not to be sent (yet): removed when consent says no, released (the redelivery may send at once) on a failure.
  const unclaim = async (how: 'drop' | 'release') => {
    if (!holdsClaim(claim)) return;
    await (how === 'drop' ? dropEmailClaim : releaseEmailSend)(email.sellerId, sendKey).catch((err: unknown) =>
      logger.warn('claim not removed; it frees itself when its lease ends', { ...log, error: err as Error }),
    );
  };

  let to: string;
  let seller: EmailSeller;
  let customer: EmailCustomer | undefined;
  try {
    const found = settledValue(read);
    settledValue(ahead);
    const sellerRead = knownSeller ?? found.seller;
    if (!sellerRead) throw new Error(`No seller profile for ${email.sellerId}`);
    seller = sellerRead;
    const customerRead = knownCustomer ?? found.customer;
    // A customer merged into another is gone from every list: the kept customer gets the emails.
    customer = customerRead && !customerRead.mergedInto ? customerRead : undefined;
    const address = email.customerId ? customer?.email?.trim() : email.to?.trim();
    if (!address) {
      logger.info('email has no address to go to', log);
      await unclaim('drop');
      return 'noAddress';
    }
    to = address;
    // The address read now is the one asked for (the usual case): its suppression came with the read.
    const suppression = normalAddress(to) === asked ? found.suppression : await suppressionOf(email.sellerId, to);
    const blocked = blockedBecause(email.category, { customer, suppression });
    if (blocked) {
      logger.info('email not sent', { ...log, because: blocked });
      await unclaim('drop');
      return 'suppressed';
    }
    claim ??= await claimFor(normalAddress(to));
  } catch (err) {
    await unclaim('release');
    throw err;
  }
  if (claim === 'sent') {
    logger.info('email already sent; nothing to do', log);
    return 'duplicate';
  }
  if (claim === 'held') throw new EmailClaimHeld(`email ${email.kind} ${email.reason} is being sent by another worker`);

  let sesMessageId: string;
  try {
    const sender = senderOf(seller);
    const unsubscribe =
      email.category === 'marketing'
        ? unsubscribeUrls(
            linkBase(),
            unsubscribeToken(
              await emailLinkSecret(),
              email.customerId ? { sellerId: email.sellerId, customerId: email.customerId } : { sellerId: email.sellerId, address: normalAddress(to) },
            ),
          )
        : undefined;
    const { subject, text } = email.render({ seller, ...(customer ? { customer } : {}) });
    const composed = composeEmail({ subject, text, sender, category: email.category, unsubscribe, correlationId: correlation, imageBaseUrl: config.EMAIL_IMAGE_BASE_URL });
    sesMessageId = await sendTogether({
      sender: { from: fromHeader(sender.fromName, config.EMAIL_FROM_ADDRESS), replyTo: sender.replyTo, configurationSet: config.EMAIL_CONFIGURATION_SET },
      entry: {
        to,
        ...composed,
        tags: {
          seller: tagValue(email.sellerId),
          kind: tagValue(email.kind),
          category: email.category,
          ...(correlation ? { correlationId: tagValue(correlation) } : {}),
        },
      },
      deadline,
    });
  } catch (err) {
    await unclaim('release');
    throw err;
  }
  await markEmailSent(email.sellerId, sendKey, sesMessageId, normalAddress(to));
  addMetric(METRIC.emailsSent, 1, MetricUnit.Count);
  logger.info('email sent', { ...log, sesMessageId });
  return 'sent';
}

function linkBase(): string {
  if (!config.EMAIL_LINK_BASE_URL) throw new Error('EMAIL_LINK_BASE_URL must be set to send marketing email');
  return config.EMAIL_LINK_BASE_URL;
}

/** One email on its way to SES: who sends it (shared by a bulk call), the email itself, its invocation's time. */
interface ToSend {
  sender: SesSender;
  entry: SesEntry;
  deadline: Deadline;
}

const senderKey = (s: SesSender) => JSON.stringify([s.from, s.replyTo ?? '', s.configurationSet ?? '']);
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * The emails of one turn (a batch's records reach this step together) sent as few SES calls as their senders
 * allow: one SendBulkEmail per From, Reply-To and configuration set, each email its own entry (its own text, footer,
 * unsubscribe link, headers and tags). Each email gets its own answer: SES's message id, or its own error.
 */
const sendTogether = coalesced(async (items: ToSend[]): Promise<(string | Error)[]> => {
  const answers: (string | Error)[] = items.map(() => new Error('not sent'));
  const groups = new Map<string, number[]>();
  for (const [i, item] of items.entries()) {
    const key = senderKey(item.sender);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  await Promise.all(
    [...groups.values()].map(async (group) => {
      for (let from = 0; from < group.length; from += SES_BULK_MAX) {
        const part = group.slice(from, from + SES_BULK_MAX);
        const results = await sendWithBackoff(part.map((i) => items[i] as ToSend));
        for (const [n, i] of part.entries()) answers[i] = results[n] as string | Error;
      }
    }),
  );
  return answers;
}, SES_BULK_MAX);

/**
 * One bulk call at this process's rate (a slot per email); throttling, of the whole call or of some of its emails,
 * is retried with exponential backoff and full jitter for those emails while their invocation has time, then
 * answered as an error (the message goes back to SQS, which redelivers it): an email is never dropped for it.
 */
async function sendWithBackoff(items: readonly ToSend[]): Promise<(string | Error)[]> {
  const answers: (string | Error)[] = items.map(() => new Error('not sent'));
  const sender = (items[0] as ToSend).sender;
  let pending = items.map((_, i) => i);
  for (let attempt = 0; ; attempt++) {
    await pacer.take(pending.length);
    let throttled: number[] = [];
    let because: unknown;
    try {
      const results = await sendSesBulk(
        sender,
        pending.map((i) => (items[i] as ToSend).entry),
      );
      for (const [n, i] of pending.entries()) {
        const r = results[n];
        if (r && 'messageId' in r) answers[i] = r.messageId;
        else if (r?.throttled) throttled.push(i);
        else answers[i] = new Error(`SES refused the email: ${r?.error ?? 'no result'}`);
      }
      because = Object.assign(new Error('SES throttled the email (ACCOUNT_THROTTLED)'), { name: 'AccountThrottled' });
    } catch (err) {
      if (!isThrottling(err)) {
        for (const i of pending) answers[i] = asError(err);
        return answers;
      }
      throttled = pending;
      because = err;
    }
    if (throttled.length === 0) return answers;
    const wait = backoffMs(attempt);
    const timeLeft = Math.min(...throttled.map((i) => (items[i] as ToSend).deadline.remainingMs())) - wait > 5_000;
    if (attempt + 1 >= MAX_THROTTLED_TRIES || !timeLeft) {
      for (const i of throttled) answers[i] = asError(because);
      return answers;
    }
    logger.warn('SES throttled the send; retrying after a wait', { attempt: attempt + 1, waitMs: wait, emails: throttled.length, error: (because as Error).name });
    await sleep(wait);
    pending = throttled;
  }
}
