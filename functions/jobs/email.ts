import { emailRequested } from '../../events/schemas.js';
import { sendRequestedEmail } from '../email/requested.js';
import { countedOnLastTry } from '../email/failures.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * emails consumer: one follow-up, campaign, shipped or delivered email per message, sent once per (seller,
 * customer, kind, reason) through functions/email/deliver.ts; failures are retried by SQS, then the DLQ.
 */
export const handler = sqsWorker(
  emailRequested,
  async (message, { deadline, lastTry }) => {
    await countedOnLastTry(lastTry, () => sendRequestedEmail(message, deadline));
  },
  { parallel: true },
);
