import { rewardsCatchUpRequested } from '../../events/schemas.js';
import { required } from '../config.js';
import { ContinueLater } from '../domain/deadline.js';
import { logger } from '../observability.js';
import { catchUpPoints } from '../rewards/catch-up.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * rewards-catch-up consumer: credits the points of the orders a seller placed from a program's start date on before
 * the program earned (functions/rewards/catch-up.ts). A failure is retried by SQS (nothing is credited twice); a
 * catch-up too long for one invocation stops between pages and continues in a message with its cursor.
 */
export const handler = sqsWorker(
  rewardsCatchUpRequested,
  async (message, { deadline }) => {
    const result = await catchUpPoints(message, deadline);
    logger.info('rewards catch-up delivery done', { done: result.done, orders: result.orders });
    if (result.done === false) throw new ContinueLater('The rewards catch-up', result.next);
  },
  { continueOn: () => required('QUEUE_URL_REWARDS_CATCH_UP') },
);
