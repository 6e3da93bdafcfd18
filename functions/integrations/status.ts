import { MESSAGES } from '../../shared/api/messages.js';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from '../../shared/domain/platforms.js';
import type { IntegrationStatus, lastSyncAnswer, SyncView } from '../../shared/schemas/integrations.js';
import type { z } from 'zod';
import { getIntegration, type Integration, listIntegrations, type PlatformSync, STALE_SYNC_MS } from '../data/integrations.js';

/** A platform as the browser sees it: state and times, never credentials or OAuth state. */
export function integrationStatus(platform: Platform, item: Integration | null, at = Date.now()): IntegrationStatus {
  const syncing = Boolean(item?.activeRequestId && item.activeRequestedAt && at - Date.parse(item.activeRequestedAt) < STALE_SYNC_MS);
  return {
    platform,
    name: PLATFORM_NAMES[platform],
    haveSync: Boolean(item?.connected),
    storeUrl: item?.storeUrl ?? null,
    problems: Boolean(item?.problems),
    // Our words only: the platform's own refusal is kept for support (problemMessage on the item), not shown.
    problemMessage: item?.problems ? MESSAGES.platformProblems(PLATFORM_NAMES[platform]) : null,
    lastSyncAt: item?.lastSyncAt ?? null,
    lastSyncStatus: item?.lastSyncStatus ?? null,
    syncing,
  };
}

/** The reasons the sync kept, and how many more it skipped for them. */
function skippedOf(sync: PlatformSync): string[] {
  const listed = sync.skipped ?? [];
  const more = (sync.ordersSkipped ?? 0) - listed.length;
  return more > 0 ? [...listed, MESSAGES.syncSkippedMore(String(more))] : listed;
}

/**
 * A sync as the screen sees it. One still queued or running after STALE_SYNC_MS has lost its worker: it reads as
 * failed, so the waiting dialog closes (and the next click starts a new sync).
 */
export function syncView(sync: PlatformSync, at = Date.now()): SyncView {
  const lost = (sync.status === 'queued' || sync.status === 'running') && at - Date.parse(sync.requestedAt) >= STALE_SYNC_MS;
  return {
    platform: sync.platform,
    requestId: sync.requestId,
    requestedAt: sync.requestedAt,
    status: lost ? 'failed' : sync.status,
    ordersCreated: sync.ordersCreated,
    ordersUpdated: sync.ordersUpdated,
    skipped: skippedOf(sync),
    error: sync.error ?? (lost ? MESSAGES.platformSyncFailed(PLATFORM_NAMES[sync.platform]) : null),
    finishedAt: sync.finishedAt ?? null,
  };
}

const finished = (s: SyncView) => s.status === 'succeeded' || s.status === 'failed';

/** The syncs since a click, and whether all of them are done (the waiting dialog closes then). */
export function lastSyncSummary(syncs: readonly PlatformSync[], at = Date.now()): z.output<typeof lastSyncAnswer> {
  const views = syncs.map((s) => syncView(s, at));
  const times = views.map((s) => s.finishedAt).filter((t): t is string => t !== null);
  return {
    success: true as const,
    finished: views.every(finished),
    syncs: views,
    ordersCreated: views.reduce((n, s) => n + s.ordersCreated, 0),
    ordersUpdated: views.reduce((n, s) => n + s.ordersUpdated, 0),
    lastSync: times.length ? times.reduce((a, b) => (a > b ? a : b)) : null,
  };
}

/** Whether one platform is connected, syncing or in trouble. */
export async function platformStatus(sellerId: string, platform: Platform) {
  return { success: true as const, ...integrationStatus(platform, await getIntegration(sellerId, platform)) };
}

/** Every platform, connected or not, from one Query of the seller's integrations. */
export async function platformStatuses(sellerId: string) {
  const items = new Map((await listIntegrations(sellerId)).map((i) => [i.platform, i]));
  return { success: true as const, integrations: PLATFORMS.map((p) => integrationStatus(p, items.get(p) ?? null)) };
}
