import type { EmailRequested } from '../../events/schemas.js';
import { sendMessage, sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';

/**
 * Queues one email for the `emails` worker, under the correlation id of the request or message in progress. The
 * worker sends it once per (seller, customer, kind, reason), so queueing it twice is harmless.
 */
export async function enqueueEmail(message: EmailRequested): Promise<void> {
  await sendMessage(required('QUEUE_URL_EMAILS'), message);
}

/** Queues many (a campaign), 10 per SQS call; throws when any was not queued (queueing again is harmless). */
export async function enqueueEmails(messages: readonly EmailRequested[]): Promise<void> {
  await sendMessages(required('QUEUE_URL_EMAILS'), messages);
}
