import { CreateQueueCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

/**
 * The reward-email messages this file's in-process calls queue, on a queue of its own: the local cloud's
 * reward-emails queue is drained by its worker, so what a producer queued can only be counted on a queue nobody
 * else reads. Imported before any functions/ module, so functions/config.ts reads this queue's URL.
 */
const sqs = new SQSClient({});
const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `reward-emails-test-${crypto.randomUUID().slice(0, 8)}` }));
if (!QueueUrl) throw new Error('no test queue');
process.env.QUEUE_URL_REWARD_EMAILS = QueueUrl;

export interface QueuedRewardEmail {
  sellerId: string;
  customerId?: string;
  /** The customer's address when it was queued. */
  customerEmail?: string;
  to?: string;
  kind: string;
  period: string;
  points?: number;
}

const held: QueuedRewardEmail[] = [];

/** Everything queued so far for this seller (taken off the queue; other sellers' messages are kept for them). */
export async function queuedFor(sellerId: string): Promise<QueuedRewardEmail[]> {
  for (let empty = 0; empty < 2; ) {
    const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 600 }));
    const messages = out.Messages ?? [];
    if (messages.length === 0) {
      empty++;
      continue;
    }
    for (const m of messages) held.push(JSON.parse(m.Body ?? '{}') as QueuedRewardEmail);
    await sqs.send(new DeleteMessageBatchCommand({ QueueUrl, Entries: messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })) }));
  }
  const mine = held.filter((m) => m.sellerId === sellerId);
  held.splice(0, held.length, ...held.filter((m) => m.sellerId !== sellerId));
  return mine;
}
