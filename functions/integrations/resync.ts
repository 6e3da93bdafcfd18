import { MESSAGES } from '../../shared/api/messages.js';
import { type PlatformSyncRequested, platformSyncRequested } from '../../events/schemas.js';
import { PLATFORM_NAMES, type Platform } from '../../shared/domain/platforms.js';
import type { resyncAnswer } from '../../shared/schemas/integrations.js';
import type { z } from 'zod';
import { sendMessage } from '../adapters/sqs.js';
import { required } from '../config.js';
import { finishSync, getIntegration, requestSync } from '../data/integrations.js';
import { Conflict } from '../domain/errors.js';
import { logger } from '../observability.js';
import { watchJobQuietly } from '../watchdog/watch.js';

type ResyncAnswer = z.output<typeof resyncAnswer>;

/**
 * Queues a sync of the seller's orders from a connected platform: a sync record first (its request id is the
 * message's natural key), then the platform-sync message. While one is queued or running, that one is answered.
 */
export async function requestPlatformSync(sellerId: string, platform: Platform): Promise<ResyncAnswer> {
  const name = PLATFORM_NAMES[platform];
  const integration = await getIntegration(sellerId, platform);
  if (!integration?.connected) throw new Conflict(MESSAGES.platformNotConnected(name));
  if (integration.problems) throw new Conflict(MESSAGES.platformProblems(name));

  const { sync, created } = await requestSync(integration);
  if (created) {
    const message: PlatformSyncRequested = platformSyncRequested.parse({
      type: 'platform-sync.requested',
      sellerId,
      platform,
      requestedAt: sync.requestedAt,
      requestId: sync.requestId,
    });
    try {
      await sendMessage(required('QUEUE_URL_PLATFORM_SYNC'), message);
    } catch (err) {
      // Nothing will run it: close it, so the next click starts a new one instead of waiting for this one.
      logger.error('platform sync could not be queued', { error: err as Error, platform, requestId: sync.requestId });
      await finishSync(sync, platform, { status: 'failed', error: MESSAGES.platformSyncFailed(name) });
      throw err;
    }
    await watchJobQuietly({ type: 'job-watch', kind: 'platform-sync', sellerId, requestId: sync.requestId, requestedAt: sync.requestedAt });
  }
  return { success: true, platform, requestId: sync.requestId, requestedAt: sync.requestedAt, alreadyRunning: !created };
}
