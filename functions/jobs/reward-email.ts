import { rewardEmailRequested } from '../../events/schemas.js';
import { sendRewardEmail } from '../email/reward-emails.js';
import { countedOnLastTry } from '../email/failures.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * reward-emails consumer: renders each reward email and sends it once per (seller, kind, customer or address,
 * period) through functions/email/deliver.ts. A failure (SES down, throttled past the retries, another worker
 * holding the email) is retried by SQS; after the last receive the message waits in the DLQ.
 */
export const handler = sqsWorker(
  rewardEmailRequested,
  async (message, { deadline, lastTry }) => {
    await countedOnLastTry(lastTry, () => sendRewardEmail(message, deadline));
  },
  { parallel: true },
);
