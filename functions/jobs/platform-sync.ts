import { platformSyncRequested } from '../../events/schemas.js';
import { giveUpPlatformSync, runPlatformSync } from '../integrations/run-sync.js';
import { logger } from '../observability.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * platform-sync consumer: one sync request per message. A failed one is retried by SQS; on its last try the sync
 * is closed as failed, so the screen stops waiting for it.
 */
export const handler = sqsWorker(platformSyncRequested, async (message, { lastTry }) => {
  try {
    const result = await runPlatformSync(message);
    logger.info('platform sync delivery done', { result, platform: message.platform, requestId: message.requestId });
  } catch (err) {
    if (lastTry) await giveUpPlatformSync(message);
    throw err;
  }
});
