import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.js';

/**
 * Our own retries (functions/email/deliver.ts) handle throttling with backoff across the whole send, so the SDK's
 * retries are limited to one try: a throttled call reaches our loop at once instead of after the SDK's own waits.
 */
export const ses = new SESv2Client({ region: config.AWS_REGION, maxAttempts: 1 });

export interface SesEmail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Header lines (List-Unsubscribe, X-Correlation-Id): SES's Simple content carries them, and so does the local SES. */
  headers: { name: string; value: string }[];
  /** Tags SES repeats in its bounce and complaint events (values: letters, digits, '_', '-', '.', '@'). */
  tags: Record<string, string>;
  configurationSet?: string;
}

/** Sends one email (SES v2 SendEmail, Simple content); returns SES's message id. */
export async function sendSesEmail(email: SesEmail): Promise<string> {
  const out = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: email.from,
      Destination: { ToAddresses: [email.to] },
      ...(email.replyTo ? { ReplyToAddresses: [email.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
          Headers: email.headers.map((h) => ({ Name: h.name, Value: h.value })),
        },
      },
      EmailTags: Object.entries(email.tags).map(([Name, Value]) => ({ Name, Value })),
      ...(email.configurationSet ? { ConfigurationSetName: email.configurationSet } : {}),
    }),
  );
  if (!out.MessageId) throw new Error('SES returned no message id');
  return out.MessageId;
}
