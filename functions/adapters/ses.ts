import { SendBulkEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';
import { withoutSdkLogging } from './sdk-client.js';

/**
 * Our own retries (functions/email/deliver.ts) handle throttling with backoff across the whole send, so the SDK's
 * retries are limited to one try: a throttled call reaches our loop at once instead of after the SDK's own waits.
 */
export const ses = withoutSdkLogging(new SESv2Client({ region: config.AWS_REGION, maxAttempts: 1 }));

/** What the emails of one SendBulkEmail call share: SES takes these once per call. */
export interface SesSender {
  from: string;
  replyTo?: string;
  configurationSet?: string;
}

/** One email of a call: its own recipient, words, headers and tags. */
export interface SesEntry {
  to: string;
  subject: string;
  text: string;
  /** The same email as HTML (its images and links); mail clients show it, the text stays for the others. */
  html: string;
  /** Header lines (List-Unsubscribe, X-Correlation-Id): each entry's own (SES's ReplacementHeaders). */
  headers: { name: string; value: string }[];
  /** Tags SES repeats in its bounce and complaint events (values: letters, digits, '_', '-', '.', '@'). */
  tags: Record<string, string>;
}

/** SendBulkEmail's most destinations per call. */
export const SES_BULK_MAX = 50;

/**
 * Each entry's outcome: SES's message id, or why SES refused that entry (`throttled`: the account's rate, worth
 * trying again after a wait).
 */
export type SesEntryResult = { messageId: string } | { error: string; throttled: boolean };

/**
 * The whole email is the entry's data, filled into a template that is nothing but its three fields: every entry
 * keeps its own subject, text and HTML (footer and unsubscribe link included) and headers. Triple braces: each goes
 * out as written (the HTML was escaped where it was made, functions/domain/email.ts), never escaped again.
 */
const TEMPLATE = { Subject: '{{{subject}}}', Text: '{{{text}}}', Html: '{{{html}}}' };

/**
 * Sends the entries from one sender in one call (SES v2 SendBulkEmail, inline template, each entry's content,
 * headers and tags its own). Throws when the call as a whole fails (throttled, SES down); otherwise answers each
 * entry in order.
 */
export async function sendSesBulk(sender: SesSender, entries: readonly SesEntry[]): Promise<SesEntryResult[]> {
  if (entries.length === 0 || entries.length > SES_BULK_MAX) throw new Error(`SendBulkEmail takes 1 to ${SES_BULK_MAX} entries`);
  const out = await ses.send(
    new SendBulkEmailCommand({
      FromEmailAddress: sender.from,
      ...(sender.replyTo ? { ReplyToAddresses: [sender.replyTo] } : {}),
      DefaultContent: { Template: { TemplateContent: TEMPLATE, TemplateData: '{}' } },
      BulkEmailEntries: entries.map((e) => ({
        Destination: { ToAddresses: [e.to] },
        ReplacementEmailContent: { ReplacementTemplate: { ReplacementTemplateData: JSON.stringify({ subject: e.subject, text: e.text, html: e.html }) } },
        ReplacementHeaders: e.headers.map((h) => ({ Name: h.name, Value: h.value })),
        ReplacementTags: Object.entries(e.tags).map(([Name, Value]) => ({ Name, Value })),
      })),
      ...(sender.configurationSet ? { ConfigurationSetName: sender.configurationSet } : {}),
    }),
  );
  const results = out.BulkEmailEntryResults ?? [];
  return entries.map((_, i): SesEntryResult => {
    const r = results[i];
    if (r?.Status === 'SUCCESS' && r.MessageId) return { messageId: r.MessageId };
    const status = r?.Status ?? 'NO_RESULT';
    return { error: `${status}${r?.Error ? `: ${r.Error}` : ''}`, throttled: status === 'ACCOUNT_THROTTLED' };
  });
}
