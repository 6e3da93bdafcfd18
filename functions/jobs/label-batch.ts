import { labelBatchOrder } from '../../events/schemas.js';
import { DomainError } from '../domain/errors.js';
import { describeRefusal, buyBatchLabel, giveUpBatchLabel, settleBatchFailure } from '../shipping/batch-labels.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * label-batches consumer: buys one label per message (up to 50 a delivery, infra/definitions.ts). A refusal the
 * seller can act on (bad address, low balance) settles the order as failed with its message; anything else is
 * retried by SQS, and after the last try the order is settled as failed too. The records of a delivery are bought
 * side by side: their writes to the items every purchase of a seller shares (the balance, the month's count, the
 * batch's counts) are joined into one transaction per turn, one such transaction at a time (functions/data/postage.ts
 * recordPurchase, label-batches.ts settleBatchOrder), and the carrier is asked at its rate
 * (CARRIER_PURCHASES_PER_SECOND).
 */
export const handler = sqsWorker(
  labelBatchOrder,
  async (message, { lastTry }) => {
    try {
      await buyBatchLabel(message);
    } catch (err) {
      if (lastTry && !(err instanceof DomainError && err.sellerCanFix)) await giveUpBatchLabel(message);
      throw err;
    }
  },
  { onSellerCanFix: (message, err) => settleBatchFailure(message, describeRefusal(err)), parallel: true },
);
