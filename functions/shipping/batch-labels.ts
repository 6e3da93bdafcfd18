import type { LabelBatchOrder } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { settleBatchOrder } from '../data/label-batches.js';
import { sellerForPurchase } from '../data/purchase-reads.js';
import { type DomainError, NotFound } from '../domain/errors.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { addMetric } from '../observability.js';
import { buyLabelReading } from './labels.js';

/**
 * Buys the label of one order of a batch and settles the order as bought. The purchase's idempotency key is fixed
 * per batch and order, so a retry never buys or charges twice. Refusals are domain errors (the worker decides by
 * `sellerCanFix` whether they settle the order as failed or are retried). The seller is read beside the purchase's
 * own reads, and the order settled beside the steps that follow the label's record.
 */
export async function buyBatchLabel(m: LabelBatchOrder): Promise<void> {
  const seller = sellerForPurchase(m.sellerId).then((found) => {
    if (!found) throw new NotFound(MESSAGES.sellerNotFound);
    return found;
  });
  const settle = (label: { labelId: string; trackingNumber: string; amountCents: number }) =>
    settleBatchOrder(m.sellerId, m.batchId, m.orderId, {
      status: 'bought',
      labelId: label.labelId,
      trackingNumber: label.trackingNumber,
      amountCents: label.amountCents,
    });
  const label = await buyLabelReading(m.sellerId, seller, {
    orderId: m.orderId,
    service: m.service,
    parcel: m.parcel,
    idempotencyKey: `batch:${m.batchId}:${m.orderId}`,
    overrideAddress: false,
    batchId: m.batchId,
    alongside: settle,
  });
  // A label bought before (a redelivery): its order is settled now, if it was not then.
  if (label.replayed) await settle(label);
}

/** What the batch screen says of a refused order: every field's message, or the refusal's own. */
export function describeRefusal(err: DomainError): string {
  const fields = (err.details.errors ?? {}) as Record<string, string>;
  return Object.keys(fields).length ? Object.values(fields).join(' ') : err.message;
}

export async function settleBatchFailure(m: LabelBatchOrder, error: string): Promise<void> {
  await settleBatchOrder(m.sellerId, m.batchId, m.orderId, { status: 'failed', error });
}

/**
 * Every delivery failed for a reason of ours: the batch shows the order failed rather than pending for ever, and it
 * counts among the jobs someone must look at. An order settled meanwhile stays as it is.
 */
export async function giveUpBatchLabel(m: LabelBatchOrder): Promise<void> {
  if (await settleBatchOrder(m.sellerId, m.batchId, m.orderId, { status: 'failed', error: MESSAGES.generic })) addMetric(METRIC.jobsFailed);
}
