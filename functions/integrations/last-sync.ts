import { MESSAGES } from '../../shared/api/messages.js';
import { PLATFORM_NAMES } from '../../shared/domain/platforms.js';
import { config } from '../config.js';
import { type PlatformSync, syncsSince } from '../data/integrations.js';
import { endSync } from './end-sync.js';
import { Unavailable } from '../domain/errors.js';
import { logger } from '../observability.js';
import { lastSyncSummary } from './status.js';

export const syncStalledBefore = (at = Date.now()) => new Date(at - config.PLATFORM_SYNC_TIMEOUT_SECONDS * 1000).toISOString();

export const isOpenSync = (s: PlatformSync) => s.status === 'queued' || s.status === 'running';

/**
 * Marks the sync failed, with what the seller can do, when it is still queued or running and has made no progress
 * for longer than its worker may run (the worker records every page and stops before its timeout: it is gone).
 * True when this call marked it.
 */
export async function failStalledSync(s: PlatformSync, stalledBefore = syncStalledBefore()): Promise<boolean> {
  if (!isOpenSync(s) || s.updatedAt >= stalledBefore) return false;
  const error = MESSAGES.platformSyncStalled(PLATFORM_NAMES[s.platform]);
  if (!(await endSync(s, s.platform, { status: 'failed', error, stalledBefore }))) return false;
  logger.error('platform sync made no progress for longer than its worker may run; marked failed', {
    platform: s.platform,
    requestId: s.requestId,
    status: s.status,
    lastProgressAt: s.updatedAt,
  });
  return true;
}

/** Each sync of `syncs` that lost its worker is marked failed; true when any was stalled. */
async function failStalled(syncs: readonly PlatformSync[]): Promise<boolean> {
  const stalledBefore = syncStalledBefore();
  const stalled = syncs.filter((s) => isOpenSync(s) && s.updatedAt < stalledBefore);
  for (const s of stalled) await failStalledSync(s, stalledBefore);
  return stalled.length > 0;
}

/**
 * The syncs requested since the seller clicked Sync now (or the latest one); one that lost its worker is marked
 * failed first, in AWS as locally. When they cannot be read, a 503: the page reloads on it (spec section 8)
 * rather than waiting on a status it cannot get.
 */
export async function lastSync(sellerId: string, since: string | undefined) {
  let syncs: Awaited<ReturnType<typeof syncsSince>>;
  try {
    syncs = await syncsSince(sellerId, since);
    if (await failStalled(syncs)) syncs = await syncsSince(sellerId, since);
  } catch (err) {
    logger.error('sync status could not be read', { error: err as Error });
    throw new Unavailable(MESSAGES.syncStatusUnavailable);
  }
  return lastSyncSummary(syncs);
}
