import { type MessageAttributeValue, SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CORRELATION_ATTRIBUTE } from '../../events/schemas.js';
import { config } from '../config.js';
import { correlationId } from '../observability.js';
import { withoutSdkLogging } from './sdk-client.js';

export const sqs = withoutSdkLogging(new SQSClient({ region: config.AWS_REGION }));

/** SQS takes at most 10 messages per batch call. */
const BATCH = 10;

/** The correlation id of the request or message being handled, as the attribute sqsWorker reads. */
function attributes(): Record<string, MessageAttributeValue> | undefined {
  const id = correlationId();
  return id ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } : undefined;
}

/**
 * Sends one message; the body is the message's JSON (built by its schema's type in events/schemas.ts).
 * `delaySeconds`: SQS holds it back that long (at most 900).
 */
export async function sendMessage(queueUrl: string, message: object, opts: { delaySeconds?: number } = {}): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      MessageAttributes: attributes(),
      ...(opts.delaySeconds ? { DelaySeconds: Math.min(900, Math.max(0, Math.ceil(opts.delaySeconds))) } : {}),
    }),
  );
}

/** Sends messages 10 per call; throws when any was not queued (a resend repeats only idempotent work). */
export async function sendMessages(queueUrl: string, messages: readonly object[]): Promise<void> {
  for (let i = 0; i < messages.length; i += BATCH) {
    const chunk = messages.slice(i, i + BATCH);
    const MessageAttributes = attributes();
    const sent = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: chunk.map((m, j) => ({ Id: String(j), MessageBody: JSON.stringify(m), MessageAttributes })),
      }),
    );
    if (sent.Failed?.length) throw new Error(`${sent.Failed.length} messages were not queued`);
  }
}

/** Sends a body received from a queue again as it was (a job continued by a new message). */
export async function sendBody(queueUrl: string, body: string): Promise<void> {
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
}
