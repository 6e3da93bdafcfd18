import { MESSAGES } from '../../shared/api/messages.js';
import { syncsSince } from '../data/integrations.js';
import { Unavailable } from '../domain/errors.js';
import { logger } from '../observability.js';
import { lastSyncSummary } from './status.js';

/**
 * The syncs requested since the seller clicked Sync now (or the latest one). When they cannot be read, a 503:
 * the page reloads on it (spec section 8) rather than waiting on a status it cannot get.
 */
export async function lastSync(sellerId: string, since: string | undefined) {
  let syncs: Awaited<ReturnType<typeof syncsSince>>;
  try {
    syncs = await syncsSince(sellerId, since);
  } catch (err) {
    logger.error('sync status could not be read', { error: err as Error });
    throw new Unavailable(MESSAGES.syncStatusUnavailable);
  }
  return lastSyncSummary(syncs);
}
