import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { until } from './until.js';

/** One email as the local SES received it (its outbox page shows the same). */
export interface OutboxEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, empty when the email had none. */
  html: string;
  /** The headers sent with the email (List-Unsubscribe, X-Correlation-Id...), by lower-cased name. */
  headers: Record<string, string>;
  /** Seconds since the epoch. */
  at: number;
}

interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
  at: number;
}

function sesEndpoint(): string {
  const endpoint = process.env.TEST_SES_ENDPOINT ?? process.env.AWS_ENDPOINT_URL_SESV2;
  if (!endpoint) throw new Error('No local SES: TEST_SES_ENDPOINT is set by the integration global setup');
  return endpoint;
}

/**
 * Every email the local SES received in this run (all tests share it: filter by an address of the test's own).
 * Email goes only here in `npm start` and the tests: the functions' SES endpoint is the local one.
 */
export async function outbox(): Promise<OutboxEmail[]> {
  const res = await fetch(`${sesEndpoint()}/store`);
  if (!res.ok) throw new Error(`local SES store answered ${res.status}`);
  const { emails } = (await res.json()) as { emails: StoredEmail[] };
  return emails.map((e) => ({
    messageId: e.messageId,
    from: e.from,
    replyTo: e.replyTo,
    to: e.destination.to,
    subject: e.subject,
    text: e.body.text ?? '',
    html: e.body.html ?? '',
    headers: Object.fromEntries((e.headers ?? []).map((h) => [h.name.toLowerCase(), h.value])),
    at: e.at,
  }));
}

/** The emails sent to `address` (case-insensitive). */
export async function emailsTo(address: string): Promise<OutboxEmail[]> {
  const wanted = address.toLowerCase();
  return (await outbox()).filter((e) => e.to.some((t) => t.toLowerCase().includes(wanted)));
}

/** Waits until `count` emails reached `address` (a worker of the local cloud sends them), and returns them. */
export function waitForEmailsTo(address: string, count = 1, timeoutMs = 20_000): Promise<OutboxEmail[]> {
  let seen = 0;
  return until(
    () => `${count} email(s) to ${address} (saw ${seen})`,
    async () => {
      const found = await emailsTo(address);
      seen = found.length;
      return found.length >= count ? found : undefined;
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/** A unique address of a test's own, so what it finds in the shared outbox is its own. */
export const testAddress = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@customers.test`;

/**
 * SES's bounce or complaint of an email the seller sent to `address`, as SES publishes it (through SNS, raw delivery)
 * to the email-events queue: injected there locally, where no SES reports anything. The local cloud's email-events
 * worker takes it.
 */
export async function injectSesEvent(kind: 'Bounce' | 'Complaint', sellerId: string, address: string, bounceType = 'Permanent'): Promise<void> {
  const url = process.env.QUEUE_URL_EMAIL_EVENTS;
  if (!url) throw new Error('QUEUE_URL_EMAIL_EVENTS is not set');
  const mail = {
    timestamp: new Date().toISOString(),
    messageId: `local-${crypto.randomUUID()}`,
    destination: [address],
    tags: { seller: [sellerId], 'ses:configuration-set': ['consultant-desk-email'] },
  };
  const event =
    kind === 'Bounce'
      ? { eventType: 'Bounce', mail, bounce: { bounceType, bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] } }
      : { eventType: 'Complaint', mail, complaint: { complainedRecipients: [{ emailAddress: address }], complaintFeedbackType: 'abuse' } };
  const sqs = new SQSClient({});
  try {
    await sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(event) }));
  } finally {
    sqs.destroy();
  }
}
