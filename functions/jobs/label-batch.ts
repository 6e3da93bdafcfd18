import { labelBatchOrder } from '../../events/schemas.js';
import { describeRefusal, buyBatchLabel, settleBatchFailure } from '../shipping/batch-labels.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * label-batches consumer: buys one label per message. A refusal the seller can act on (bad address, low balance)
 * settles the order as failed with its message; anything else is retried by SQS. One record at a time: every
 * purchase of a seller debits the same balance item, and parallel transactions on it collide.
 */
export const handler = sqsWorker(labelBatchOrder, buyBatchLabel, {
  onSellerCanFix: (message, err) => settleBatchFailure(message, describeRefusal(err)),
});
