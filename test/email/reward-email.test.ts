import { SendBulkEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT } from '../../infra/definitions.js';
import { ANNOUNCEMENT_SUBJECT } from '../../shared/domain/rewards-constants.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { captureOutput, emfOf } from '../ops/support.js';
import { emailsTo, testAddress } from '../support/outbox.js';
import { customerOf, deliveryOf, emailSeller, rewardMessage } from './support.js';

/**
 * The reward-email worker, run in this process as Lambda would run it, against the local SES (its outbox) and
 * DynamoDB Local: each kind is sent once whatever is redelivered, a worker that failed after its claim is followed
 * by exactly one email, consent applies, and SES throttling is waited out. Metrics are enabled here to see
 * EmailsSent as CloudWatch would.
 */
const SERVICE = 'consultant-desk-email-test';
const output = captureOutput();
let worker: typeof import('../../functions/jobs/reward-email.js');
let ses: typeof import('../../functions/adapters/ses.js');
let sends: typeof import('../../functions/data/email-sends.js');
let seller: Awaited<ReturnType<typeof emailSeller>>;

beforeAll(async () => {
  Object.assign(process.env, { POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_SERVICE_NAME: SERVICE });
  worker = await import('../../functions/jobs/reward-email.js');
  ses = await import('../../functions/adapters/ses.js');
  sends = await import('../../functions/data/email-sends.js');
  seller = await emailSeller();
});

afterAll(async () => {
  const { vi } = await import('vitest');
  vi.restoreAllMocks();
});

const failures = async (event: Parameters<typeof worker.handler>[0]) => (await worker.handler(event)).batchItemFailures;

/** EmailsSent as published since the last clear: the sum over this process's EMF documents of the worker's service. */
function emailsSentMetric(): number {
  return emfOf(output.json())
    .filter((d) => d.values.service === SERVICE && METRIC.emailsSent in d.values)
    .reduce((n, d) => n + Number(d.values[METRIC.emailsSent]), 0);
}

describe('reward emails', () => {
  it.each([
    ['earned', /You earned A free candle/],
    ['almost', /almost there/],
    ['reminder', /waiting for you/],
    ['announcement', new RegExp(ANNOUNCEMENT_SUBJECT)],
  ] as const)('%s: one email under a redelivered message, with the footer and one-click unsubscribe', async (kind, subject) => {
    const customer = await customerOf(seller.sellerId, { firstName: 'Ada' });
    const message = rewardMessage(seller.sellerId, {
      customerId: customer.customerId,
      customerEmail: customer.email,
      kind,
      points: 8,
      ...(kind === 'reminder' || kind === 'announcement' ? { message: 'Thank you for shopping with me!' } : {}),
    });
    const event = deliveryOf(message);
    output.clear();
    expect(await failures(event)).toEqual([]);
    expect(await failures(event)).toEqual([]); // SQS delivers at least once
    expect(await failures(deliveryOf(message))).toEqual([]); // and a second message for the same email (a double click)

    const sent = await emailsTo(customer.email);
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email!.subject).toMatch(subject);
    expect(email!.from).toBe(`"${seller.businessName}" <no-reply@consultantdesk.test>`);
    expect(email!.text).toMatch(/^Hi Ada,/);
    if (kind === 'reminder' || kind === 'announcement') expect(email!.text).toContain('Thank you for shopping with me!');
    if (kind === 'almost') expect(email!.text).toContain('Only 2 items to go!');
    // CAN-SPAM: the seller's business name and postal address; the link that works without signing in.
    expect(email!.text).toContain(`${seller.businessName}\n500 Congress Ave\nAustin, TX 78701`);
    expect(email!.text).toMatch(new RegExp(`Unsubscribe: ${process.env.EMAIL_LINK_BASE_URL}/unsubscribe\\?token=[\\w.-]+`));
    expect(email!.headers['list-unsubscribe']).toMatch(new RegExp(`^<${process.env.EMAIL_LINK_BASE_URL}/api/email/unsubscribe\\?token=[\\w.-]+>$`));
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(email!.headers['x-correlation-id']).toMatch(/^corr-/);
    expect(emailsSentMetric()).toBe(1);
  });

  it("an announcement to an extra address (no customer record) goes once, with a link that unsubscribes that address", async () => {
    const to = testAddress('friend');
    const message = rewardMessage(seller.sellerId, { kind: 'announcement', to, message: 'Rewards are here.' });
    expect(await failures(deliveryOf(message))).toEqual([]);
    expect(await failures(deliveryOf(message))).toEqual([]);
    const sent = await emailsTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(ANNOUNCEMENT_SUBJECT);
    expect(sent[0]!.text).toMatch(/^Hello,\n\nRewards are here\./);
  });

  it('a worker whose SES call failed after the claim: the redelivery sends exactly one', async () => {
    const customer = await customerOf(seller.sellerId);
    const message = rewardMessage(seller.sellerId, { customerId: customer.customerId, customerEmail: customer.email, kind: 'earned' });
    const event = deliveryOf(message);
    const mock = mockClient(ses.ses);
    try {
      mock.on(SendBulkEmailCommand).rejects(Object.assign(new Error('Service unavailable'), { name: 'InternalFailure', $metadata: { httpStatusCode: 500 } }));
      expect(await failures(event)).toHaveLength(1);
    } finally {
      mock.restore();
    }
    expect(await emailsTo(customer.email)).toHaveLength(0);
    expect(await failures(event)).toEqual([]);
    expect(await failures(event)).toEqual([]);
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it('a worker that died after its claim: once the lease ends the redelivery sends one; a live claim is never sent beside', async () => {
    const customer = await customerOf(seller.sellerId);
    const message = rewardMessage(seller.sellerId, { customerId: customer.customerId, customerEmail: customer.email, kind: 'reminder' });
    const key = sends.sendKeyOf({ kind: 'reward-reminder', recipient: `customer:${customer.customerId}`, reason: message.period });
    const claim = { kind: 'reward-reminder', category: 'marketing' as const, customerId: customer.customerId, to: customer.email };

    // Another worker holds it now (it may be sending): this delivery fails, SQS redelivers later, nothing is sent.
    expect(await sends.claimEmailSend(seller.sellerId, key, claim, 60)).toBe('claimed');
    expect(await failures(deliveryOf(message))).toHaveLength(1);
    expect(await emailsTo(customer.email)).toHaveLength(0);

    // That worker died: its lease has run out.
    const { emailSendEntity } = await import('../../functions/data/email-entities.js');
    await emailSendEntity().patch({ sellerId: seller.sellerId, sendKey: key }).set({ leaseUntil: new Date(Date.now() - 1000).toISOString() }).go();
    expect(await failures(deliveryOf(message))).toEqual([]);
    expect(await failures(deliveryOf(message))).toEqual([]);
    expect(await emailsTo(customer.email)).toHaveLength(1);
    expect(await sends.getEmailSend(seller.sellerId, key)).toMatchObject({ status: 'sent', attempts: 2, sesMessageId: expect.any(String) });
  });

  it('a batch of emails to one seller is recorded sent in one receipt; redelivered after every lease ended, none is sent again', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerOf(seller.sellerId)));
    const messages = customers.map((c) => rewardMessage(seller.sellerId, { customerId: c.customerId, customerEmail: c.email, kind: 'earned' }));
    const batch = { Records: messages.flatMap((m) => deliveryOf(m).Records) };
    expect(await failures(batch)).toEqual([]);

    const keys = customers.map((c, i) => sends.sendKeyOf({ kind: 'reward-earned', recipient: `customer:${c.customerId}`, reason: messages[i]!.period }));
    const { emailSendEntity, emailReceiptEntity } = await import('../../functions/data/email-entities.js');
    const claims = await Promise.all(keys.map(async (sendKey) => (await emailSendEntity().get({ sellerId: seller.sellerId, sendKey }).go()).data));
    const receipts = new Set(claims.map((c) => c?.receipt));
    expect(receipts.size).toBe(1);
    const [receipt] = [...receipts] as string[];
    const { data: parts } = await emailReceiptEntity().query.byReceipt({ sellerId: seller.sellerId, receipt }).go();
    expect(parts).toHaveLength(1);
    expect(Object.keys(parts[0]!.sent as object).sort()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries()) {
      expect(await sends.getEmailSend(seller.sellerId, key)).toMatchObject({ status: 'sent', to: customers[i]!.email.toLowerCase(), sesMessageId: expect.any(String) });
    }

    // Every claim's lease has run out (as if each worker had stopped): the receipt, not the lease, says they were sent.
    const past = new Date(Date.now() - 1000).toISOString();
    await Promise.all(keys.map((sendKey) => emailSendEntity().patch({ sellerId: seller.sellerId, sendKey }).set({ leaseUntil: past }).go()));
    expect(await failures({ Records: messages.flatMap((m) => deliveryOf(m).Records) })).toEqual([]);
    for (const c of customers) expect(await emailsTo(c.email)).toHaveLength(1);
  });

  it('SES throttling is waited out with backoff and the email sent once; a send that stays throttled goes back to SQS', async () => {
    const customer = await customerOf(seller.sellerId);
    const message = rewardMessage(seller.sellerId, { customerId: customer.customerId, kind: 'almost', points: 9 });
    const send = ses.ses.send.bind(ses.ses);
    const throttled = () => Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } });
    const mock = mockClient(ses.ses);
    try {
      mock
        .on(SendBulkEmailCommand)
        .rejectsOnce(throttled())
        .rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'Throttling', $metadata: { httpStatusCode: 400 } }))
        // SES may also throttle single emails of a bulk call: the call succeeds, that entry says so.
        .resolvesOnce({ BulkEmailEntryResults: [{ Status: 'ACCOUNT_THROTTLED', Error: 'Maximum sending rate exceeded.' }] })
        .callsFake((input) => send(new SendBulkEmailCommand(input)));
      expect(await failures(deliveryOf(message))).toEqual([]);
      expect(mock.commandCalls(SendBulkEmailCommand)).toHaveLength(4);

      // Throttled on every try: not dropped, failed back to SQS (which redelivers), the claim released.
      const other = await customerOf(seller.sellerId);
      const otherMessage = rewardMessage(seller.sellerId, { customerId: other.customerId, kind: 'almost' });
      mock.reset();
      mock.on(SendBulkEmailCommand).rejects(throttled());
      expect(await failures(deliveryOf(otherMessage))).toHaveLength(1);
      mock.reset();
      mock.on(SendBulkEmailCommand).callsFake((input) => send(new SendBulkEmailCommand(input)));
      expect(await failures(deliveryOf(otherMessage))).toEqual([]);
      expect(await emailsTo(other.email)).toHaveLength(1);
    } finally {
      mock.restore();
    }
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });

  it('an unsubscribed customer, a marketplace buyer and one who may not get marketing get none; one without an address is not a failure', async () => {
    const etsy = await customerOf(seller.sellerId, { source: 'etsy' });
    const ebayCsv = await customerOf(seller.sellerId, { source: 'csv', marketingAllowed: false });
    const unsubscribed = await customerOf(seller.sellerId);
    await sends.unsubscribeCustomer(seller.sellerId, unsubscribed.customerId);
    const noEmail = await customerOf(seller.sellerId, { email: null });
    for (const c of [etsy, ebayCsv, unsubscribed, noEmail]) {
      for (const kind of ['earned', 'reminder'] as const) {
        // As the producers queue them (the address with the message, so the claim is made beside the reads), and
        // without the address (a message queued before the producers carried it).
        for (const customerEmail of [c.email || undefined, undefined]) {
          const message = rewardMessage(seller.sellerId, { customerId: c.customerId, ...(customerEmail ? { customerEmail } : {}), kind, message: 'Hi' });
          expect(await failures(deliveryOf(message))).toEqual([]);
          // A claim made beside the reads for an email not sent is gone: the key is free as if never claimed.
          const key = sends.sendKeyOf({ kind: `reward-${kind}`, recipient: `customer:${c.customerId}`, reason: message.period });
          expect(await sends.getEmailSend(seller.sellerId, key)).toBeNull();
        }
      }
    }
    for (const c of [etsy, ebayCsv, unsubscribed]) expect(await emailsTo(c.email)).toHaveLength(0);
  });

  it('a customer whose address changed after the email was asked for: consent is checked at the new address, and the email goes there', async () => {
    const { customerEntity } = await import('../../functions/data/entities.js');
    const moveTo = async (customerId: string, email: string) => customerEntity().patch({ sellerId: seller.sellerId, customerId }).set({ email }).go();
    // The new address bounced before: nothing is sent, to either address, and no claim is left.
    const toBounced = await customerOf(seller.sellerId);
    const bounced = testAddress('bounced');
    await sends.suppressAddress(seller.sellerId, bounced, 'bounced');
    await moveTo(toBounced.customerId, bounced);
    const first = rewardMessage(seller.sellerId, { customerId: toBounced.customerId, customerEmail: toBounced.email, kind: 'earned' });
    expect(await failures(deliveryOf(first))).toEqual([]);
    expect(await emailsTo(toBounced.email)).toHaveLength(0);
    expect(await emailsTo(bounced)).toHaveLength(0);
    const firstKey = sends.sendKeyOf({ kind: 'reward-earned', recipient: `customer:${toBounced.customerId}`, reason: first.period });
    expect(await sends.getEmailSend(seller.sellerId, firstKey)).toBeNull();

    // The old address bounced and the customer gave a new one: the email goes to the new one, once.
    const fromBounced = await customerOf(seller.sellerId);
    await sends.suppressAddress(seller.sellerId, fromBounced.email, 'bounced');
    const fresh = testAddress('fresh');
    await moveTo(fromBounced.customerId, fresh);
    const second = rewardMessage(seller.sellerId, { customerId: fromBounced.customerId, customerEmail: fromBounced.email, kind: 'earned' });
    expect(await failures(deliveryOf(second))).toEqual([]);
    expect(await failures(deliveryOf(second))).toEqual([]);
    expect(await emailsTo(fromBounced.email)).toHaveLength(0);
    expect(await emailsTo(fresh)).toHaveLength(1);
    const secondKey = sends.sendKeyOf({ kind: 'reward-earned', recipient: `customer:${fromBounced.customerId}`, reason: second.period });
    expect(await sends.getEmailSend(seller.sellerId, secondKey)).toMatchObject({ status: 'sent', to: fresh.toLowerCase() });
  });

  it('a batch handled side by side (its reads and claims joined): each email once, a doubled one and a sent one included', async () => {
    const customers = await Promise.all(Array.from({ length: 9 }, () => customerOf(seller.sellerId)));
    const messages = customers.map((c) => rewardMessage(seller.sellerId, { customerId: c.customerId, customerEmail: c.email, kind: 'earned' }));
    const records = (ms: typeof messages) => ms.map((m) => deliveryOf(m).Records[0]!);
    // New emails only: their claims in one transaction, the three in one SES call (passed through to the local SES).
    const send = ses.ses.send.bind(ses.ses);
    const mock = mockClient(ses.ses);
    try {
      mock.on(SendBulkEmailCommand).callsFake((input) => send(new SendBulkEmailCommand(input)));
      expect(await failures({ Records: records(messages.slice(0, 3)) })).toEqual([]);
      expect(mock.commandCalls(SendBulkEmailCommand).map((c) => c.args[0].input.BulkEmailEntries?.length)).toEqual([3]);
    } finally {
      mock.restore();
    }
    // One of them again (a redelivery) beside new ones: the joined claim is cancelled and each is claimed alone. The
    // same new email twice in the batch (a double click): one is sent, the other goes back to SQS and finds it sent.
    const batch = records([messages[0]!, ...messages.slice(3), messages[4]!]);
    const failed = await failures({ Records: batch });
    expect(failed).toHaveLength(1);
    expect(await failures({ Records: batch.filter((r) => failed.some((f) => f.itemIdentifier === r.messageId)) })).toEqual([]);
    // The whole lot redelivered: nothing is sent again.
    expect(await failures({ Records: records(messages) })).toEqual([]);
    const sent = await Promise.all(customers.map((c) => emailsTo(c.email)));
    for (const emails of sent) expect(emails).toHaveLength(1);
    // Sent together, each email still carries its own unsubscribe link, header and footer.
    const links = sent.map((emails) => emails[0]!.headers['list-unsubscribe']);
    expect(new Set(links).size).toBe(customers.length);
    for (const [i, emails] of sent.entries()) {
      expect(emails[0]!.to).toEqual([customers[i]!.email]);
      expect(emails[0]!.text).toContain(`Unsubscribe: ${links[i]!.slice(1, -1).replace('/api/email/unsubscribe', '/unsubscribe')}`);
    }
  });

  it('an email that fails its last try counts in JobsFailed', async () => {
    const customer = await customerOf(seller.sellerId);
    const mock = mockClient(ses.ses);
    output.clear();
    try {
      mock.on(SendBulkEmailCommand).rejects(Object.assign(new Error('Account suspended'), { name: 'AccountSuspendedException' }));
      const message = rewardMessage(seller.sellerId, { customerId: customer.customerId });
      expect(await failures(deliveryOf(message, crypto.randomUUID(), 1))).toHaveLength(1);
      expect(await failures(deliveryOf(message, crypto.randomUUID(), MAX_RECEIVE_COUNT))).toHaveLength(1);
    } finally {
      mock.restore();
    }
    const failed = emfOf(output.json()).filter((d) => d.values.service === SERVICE && METRIC.jobsFailed in d.values);
    expect(failed.map((d) => d.values[METRIC.jobsFailed])).toEqual([1]);
  });
});
