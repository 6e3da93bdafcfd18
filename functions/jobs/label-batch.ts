import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { settleBatchOrder } from '../data/label-batches.js';
import { getSellerProfile } from '../data/sellers.js';
import { DomainError } from '../domain/errors.js';
import { logger } from '../observability.js';
import type { BatchMessage } from '../shipping/batches.js';
import { buyLabel } from '../shipping/labels.js';

/**
 * Buys one label per message. A refusal the seller can act on (bad address, low balance) settles the order as
 * failed with that message; anything else is reported as a batch item failure so SQS retries it. The purchase's
 * idempotency key is fixed per batch and order, so a retry never buys or charges twice.
 */
async function buyOne(m: BatchMessage): Promise<void> {
  const seller = await getSellerProfile(m.sellerId);
  if (!seller) {
    await settleBatchOrder(m.sellerId, m.batchId, m.orderId, { status: 'failed', error: 'The seller was not found.' });
    return;
  }
  try {
    const label = await buyLabel(seller, {
      orderId: m.orderId,
      service: m.service,
      parcel: m.parcel,
      idempotencyKey: `batch:${m.batchId}:${m.orderId}`,
      overrideAddress: false,
      batchId: m.batchId,
    });
    await settleBatchOrder(m.sellerId, m.batchId, m.orderId, {
      status: 'bought',
      labelId: label.labelId,
      trackingNumber: label.trackingNumber,
      amountCents: label.amountCents,
    });
  } catch (err) {
    if (!(err instanceof DomainError) || !err.sellerCanFix) throw err;
    const fields = (err.details.errors ?? {}) as Record<string, string>;
    const error = Object.keys(fields).length ? Object.values(fields).join(' ') : err.message;
    await settleBatchOrder(m.sellerId, m.batchId, m.orderId, { status: 'failed', error });
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  // One at a time: every purchase of a seller debits the same balance item, and parallel transactions on it collide.
  for (const record of event.Records) {
    try {
      await buyOne(JSON.parse(record.body) as BatchMessage);
    } catch (err) {
      logger.error('label purchase failed; SQS will retry', { error: err as Error, messageId: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
