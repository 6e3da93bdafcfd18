import { MESSAGES } from '../../shared/api/messages.js';
import type { PlatformSyncRequested } from '../../events/schemas.js';
import { PLATFORM_NAMES } from '../../shared/domain/platforms.js';
import { type OrdersPage, PlatformError } from '../adapters/platforms/connector.js';
import { tokenExpired } from '../adapters/platforms/oauth.js';
import { connectorContext, connectorFor } from '../adapters/platforms/index.js';
import { ContinueLater, type Deadline, NO_DEADLINE, stopTime } from '../domain/deadline.js';
import { getIntegration, getSync, type PlatformSync, recordPage, type SyncKey, startSync } from '../data/integrations.js';
import { endSync } from './end-sync.js';
import { CustomerResolver, upsertImportedOrders } from '../imports/upsert-orders.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { addMetric, logger } from '../observability.js';
import { openCredentials } from './credentials.js';
import { type HeldCredentials, refreshCredentials } from './refresh-credentials.js';

/** How a delivery of a platform-sync message ended. */
export type SyncRunResult = 'succeeded' | 'failed' | 'already-finished' | 'unknown-request';

const isFinished = (s: PlatformSync) => s.status === 'succeeded' || s.status === 'failed';

/**
 * Runs one requested sync: orders changed since the integration's cursor, page by page through the platform's
 * connector, each page written (upsert by natural key) before the sync record moves on to the next page, so a
 * redelivered message resumes where the last one stopped. At the end the integration's cursor becomes the time
 * the fetch started (orders changed while it ran are fetched again next time, never missed).
 *
 * A refusal the seller must fix (PlatformError, not retryable) ends the sync failed and marks the integration as
 * having problems; anything else is thrown for SQS to retry. Before the worker's time is up (`deadline`) it stops
 * between pages and throws ContinueLater: the next delivery starts at the page recorded last.
 */
export async function runPlatformSync(message: PlatformSyncRequested, deadline: Deadline = NO_DEADLINE): Promise<SyncRunResult> {
  const timeUp = stopTime(deadline);
  const key: SyncKey = { sellerId: message.sellerId, requestedAt: message.requestedAt, requestId: message.requestId };
  let sync = await getSync(key);
  if (!sync || sync.platform !== message.platform) {
    logger.warn('platform sync message names no sync request; dropped', { requestId: message.requestId, platform: message.platform });
    return 'unknown-request';
  }
  if (isFinished(sync)) return 'already-finished';

  const { platform } = sync;
  const name = PLATFORM_NAMES[platform];
  const integration = await getIntegration(key.sellerId, platform);
  const connector = connectorFor(platform);
  if (!integration?.connected || !integration.credentials) {
    await endSync(key, platform, { status: 'failed', error: MESSAGES.platformNotConnected(name) });
    return 'failed';
  }
  if (!connector) {
    await endSync(key, platform, { status: 'failed', error: MESSAGES.platformUnavailable(name) });
    return 'failed';
  }

  if (sync.status === 'queued') {
    await startSync(key, { since: integration.cursor, fetchStartedAt: new Date().toISOString() });
    sync = (await getSync(key)) as PlatformSync;
  }
  let held: HeldCredentials = { sealed: integration.credentials, credentials: await openCredentials(integration.credentials, { sellerId: key.sellerId, platform }) };
  // The rule of a file's import: a new order whose number another order of the seller has is not added twice.
  const resolver = new CustomerResolver(key.sellerId, undefined, undefined, { refuseTakenNumbers: (n) => MESSAGES.syncNumberTaken(n, name) });
  // An expired access token is renewed before the first page; a 401 renews it once more (a token revoked early, a
  // clock apart), after which a 401 is the seller's to fix.
  let renewedAfter401 = false;
  const fetchPage = async (since: string | undefined, from: string | undefined): Promise<OrdersPage> => {
    try {
      return await connector.fetchOrders(connectorContext(platform, held.credentials), since, from);
    } catch (err) {
      if (!(err instanceof PlatformError) || err.status !== 401 || !connector.refresh || !held.credentials.refreshToken || renewedAfter401) throw err;
      renewedAfter401 = true;
      held = await refreshCredentials(key.sellerId, platform, connector, held);
      return connector.fetchOrders(connectorContext(platform, held.credentials), since, from);
    }
  };

  try {
    if (connector.refresh && tokenExpired(held.credentials)) held = await refreshCredentials(key.sellerId, platform, connector, held);
    let pagesNow = 0;
    while (!sync.fetched && sync.status === 'running') {
      if (timeUp()) {
        // A delivery that could not write one page in its time fails like any other (toward the DLQ).
        if (pagesNow === 0) throw new Error(`platform sync ${key.requestId} wrote no page before its worker's timeout`);
        throw new ContinueLater(`platform sync ${key.requestId}`);
      }
      pagesNow++;
      const from = sync.page;
      const page = await fetchPage(sync.since, from);
      const counts = await upsertImportedOrders(key.sellerId, page.orders, resolver);
      await recordPage(key, from, page.next, { ...counts, skipped: counts.refused?.map((r) => r.reason) }, sync.ordersSkipped ?? 0);
      sync = (await getSync(key)) as PlatformSync;
    }
  } catch (err) {
    if (err instanceof PlatformError && !err.retryable) {
      // The platform's words stay on the integration for support; the seller reads ours.
      await endSync(key, platform, { status: 'failed', error: MESSAGES.platformProblems(name), problems: true, detail: err.message });
      logger.warn('platform refused the sync; the seller must set it up again', { platform, requestId: key.requestId, status: err.status });
      return 'failed';
    }
    throw err;
  }
  if (isFinished(sync)) return 'already-finished';
  await endSync(key, platform, { status: 'succeeded', cursor: sync.fetchStartedAt });
  return 'succeeded';
}

/**
 * The last delivery failed too: the seller sees the sync failed rather than waiting on it. A failure of ours, not
 * the seller's (theirs end the sync at once), so it counts among the jobs someone must look at.
 */
export async function giveUpPlatformSync(message: PlatformSyncRequested): Promise<void> {
  const key: SyncKey = { sellerId: message.sellerId, requestedAt: message.requestedAt, requestId: message.requestId };
  const failed = await endSync(key, message.platform, { status: 'failed', error: MESSAGES.platformSyncFailed(PLATFORM_NAMES[message.platform]) });
  if (!failed) return;
  addMetric(METRIC.syncsFailed);
  addMetric(METRIC.jobsFailed);
}
