import { platformSyncRequested } from '../../events/schemas.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { required } from '../config.js';
import { ContinueLater } from '../domain/deadline.js';
import { giveUpPlatformSync, runPlatformSync, type SyncRunResult } from '../integrations/run-sync.js';
import { addMetric, logger } from '../observability.js';
import { sqsWorker } from './sqs-worker.js';

/** What a delivery's outcome counts as; a repeated or unknown message counts as nothing. */
const OUTCOME_METRIC: Partial<Record<SyncRunResult, typeof METRIC.syncsCompleted | typeof METRIC.syncsFailed>> = {
  succeeded: METRIC.syncsCompleted,
  failed: METRIC.syncsFailed,
};

/**
 * platform-sync consumer: one sync request per message. A failed one is retried by SQS; on its last try the sync
 * is closed as failed, so the screen stops waiting for it. A sync too long for one invocation stops between pages
 * before the timeout and is continued by its message sent again.
 */
export const handler = sqsWorker(
  platformSyncRequested,
  async (message, { lastTry, deadline }) => {
    try {
      const result = await runPlatformSync(message, deadline);
      const metric = OUTCOME_METRIC[result];
      if (metric) addMetric(metric);
      logger.info('platform sync delivery done', { result, platform: message.platform, requestId: message.requestId });
    } catch (err) {
      if (lastTry && !(err instanceof ContinueLater)) await giveUpPlatformSync(message);
      throw err;
    }
  },
  { continueOn: () => required('QUEUE_URL_PLATFORM_SYNC') },
);
