import { jobWatch } from '../../events/schemas.js';
import { logger } from '../observability.js';
import { lookAtJob } from '../watchdog/watch.js';
import { sqsWorker } from './sqs-worker.js';

/** job-watchdog consumer: fails imports and syncs that lost their worker, even when nobody reads their status. */
export const handler = sqsWorker(jobWatch, async (message) => {
  const outcome = await lookAtJob(message);
  logger.info('job watched', { kind: message.kind, outcome });
});
