import type { Platform } from '../../shared/domain/platforms.js';
import { finishSync, type SyncKey, type SyncOutcome } from '../data/integrations.js';
import { noteFailedSync, noteSyncSucceeded } from '../sellers/failed-job.js';

/**
 * Finishes a sync once (finishSync) and keeps the seller's failed-job marker with it: a failure is recorded for
 * /homepage, a success clears an earlier failure of this platform. True when this call finished it.
 */
export async function endSync(key: SyncKey, platform: Platform, outcome: SyncOutcome): Promise<boolean> {
  if (!(await finishSync(key, platform, outcome))) return false;
  const sync = { sellerId: key.sellerId, requestId: key.requestId, requestedAt: key.requestedAt, platform };
  if (outcome.status === 'failed') await noteFailedSync(sync, outcome.error ?? '');
  else await noteSyncSucceeded(sync);
  return true;
}
