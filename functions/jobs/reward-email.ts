import { rewardEmailRequested } from '../../events/schemas.js';
import { NotImplemented } from '../domain/errors.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * reward-emails consumer, not built yet: each message fails (not the seller's to fix), so SQS keeps it and, after
 * its last receive, parks it in the DLQ, from where it can be redriven once the emails are built.
 */
export const handler = sqsWorker(rewardEmailRequested, async () => {
  throw new NotImplemented('reward-email');
});
