import { createWriteTransaction } from 'electrodb';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { Platform } from '../../shared/domain/platforms.js';
import { applied, isConditionFailure } from './errors.js';
import { integrationEntity, platformSyncEntity } from './integration-entities.js';
import { now } from './table.js';

/**
 * A seller's connected platforms and their syncs (docs/data-model.md, "Integrations"). Credentials are stored only
 * sealed (functions/integrations/credentials.ts) and leave this module only to the sync worker.
 */

/** A sync not finished after this long is taken for lost (its worker died): a new click starts another. */
export const STALE_SYNC_MS = 15 * 60 * 1000;
/** A started authorization must come back within this time. */
const AUTHORIZATION_MS = 10 * 60 * 1000;
/** Sync records are history for the screen and for support; DynamoDB's TTL removes them after this. */
const SYNC_RECORD_DAYS = 90;

export type Integration = EntityItem<ReturnType<typeof integrationEntity>>;
export type PlatformSync = EntityItem<ReturnType<typeof platformSyncEntity>>;
export type SyncKey = { sellerId: string; requestedAt: string; requestId: string };
/** Only the key: ElectroDB takes the other attributes of an item passed as a key for updates. */
const keyOf = ({ sellerId, requestedAt, requestId }: SyncKey): SyncKey => ({ sellerId, requestedAt, requestId });

export async function getIntegration(sellerId: string, platform: Platform): Promise<Integration | null> {
  const { data } = await integrationEntity().get({ sellerId, platform }).go();
  return data;
}

/** Every platform the seller has connected or started to connect (at most one item per platform). */
export async function listIntegrations(sellerId: string): Promise<Integration[]> {
  const { data } = await integrationEntity().query.byPlatform({ sellerId }).go({ pages: 'all' });
  return data;
}

/**
 * Stores sealed credentials (functions/integrations/credentials.ts) and marks the platform connected, clearing
 * problems: connecting again is how a seller "sets up again". A different store starts from no cursor; the same
 * store keeps it (no re-import).
 */
export async function connectIntegration(
  sellerId: string,
  platform: Platform,
  connection: { sealedCredentials: string; storeUrl?: string },
): Promise<Integration> {
  const before = await getIntegration(sellerId, platform);
  const sameStore = before?.storeUrl === connection.storeUrl;
  await integrationEntity()
    .upsert({
      sellerId,
      platform,
      connected: true,
      credentials: connection.sealedCredentials,
      ...(connection.storeUrl ? { storeUrl: connection.storeUrl } : {}),
      connectedAt: now(),
      problems: false,
    })
    .go();
  await integrationEntity()
    .patch({ sellerId, platform })
    .remove(['authState', 'authStateExpiresAt', 'authVerifier', 'problemMessage', ...(sameStore ? [] : (['cursor'] as const))])
    .go();
  return (await getIntegration(sellerId, platform))!;
}

/**
 * Disconnects a platform: its credentials are deleted (the seller's grant is never used again) and it reads as not
 * connected. The store address and cursor stay, so connecting the same store again imports nothing twice. Undefined
 * when the platform was never set up.
 */
export async function disconnectIntegration(sellerId: string, platform: Platform): Promise<Integration | undefined> {
  try {
    const { data } = await integrationEntity()
      .patch({ sellerId, platform })
      .set({ connected: false, problems: false })
      .remove(['credentials', 'authState', 'authStateExpiresAt', 'authVerifier', 'problemMessage'])
      .go({ response: 'all_new' });
    return data as Integration;
  } catch (err) {
    // A patch is conditional on the item existing: a platform never set up has nothing to disconnect.
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Starts an OAuth authorization: a random state, stored on the seller's own item and valid for 10 minutes, with
 * the PKCE verifier sealed like credentials (the token exchange needs it; the browser never sees it).
 */
export async function startAuthorization(
  sellerId: string,
  platform: Platform,
  options: { storeUrl?: string; sealedVerifier: string },
): Promise<{ state: string; integration: Integration }> {
  const state = randomBytes(24).toString('base64url');
  await integrationEntity()
    .upsert({
      sellerId,
      platform,
      authState: state,
      authStateExpiresAt: new Date(Date.now() + AUTHORIZATION_MS).toISOString(),
      authVerifier: options.sealedVerifier,
      ...(options.storeUrl ? { storeUrl: options.storeUrl } : {}),
    })
    .go();
  return { state, integration: (await getIntegration(sellerId, platform))! };
}

/**
 * Finishes an OAuth authorization: the credentials the platform granted replace the state, on the condition that
 * the state is still the one the seller came back with, so a code is used once and a newer authorization wins.
 * False when the state changed meanwhile (nothing stored).
 */
export async function completeAuthorization(sellerId: string, platform: Platform, state: string, sealedCredentials: string): Promise<boolean> {
  return applied(
    integrationEntity()
      .patch({ sellerId, platform })
      .set({ connected: true, credentials: sealedCredentials, connectedAt: now(), problems: false })
      .remove(['authState', 'authStateExpiresAt', 'authVerifier', 'problemMessage'])
      .where((a, { eq }) => eq(a.authState, state))
      .go(),
  );
}

/**
 * Replaces refreshed credentials, on the condition that they are still the ones refreshed: a seller who connected
 * again meanwhile keeps the newer ones. False when they changed.
 */
export async function replaceCredentials(sellerId: string, platform: Platform, before: string, sealedCredentials: string): Promise<boolean> {
  return applied(integrationEntity().patch({ sellerId, platform }).set({ credentials: sealedCredentials }).where((a, { eq }) => eq(a.credentials, before)).go());
}

export async function getSync(key: SyncKey): Promise<PlatformSync | null> {
  const { data } = await platformSyncEntity().get(keyOf(key)).go();
  return data;
}

/** The syncs requested at or after `since` (oldest first), or the latest one. */
export async function syncsSince(sellerId: string, since: string | undefined): Promise<PlatformSync[]> {
  if (since === undefined) {
    const { data } = await platformSyncEntity().query.byTime({ sellerId }).go({ order: 'desc', limit: 1 });
    return data;
  }
  const { data } = await platformSyncEntity().query.byTime({ sellerId }).gte({ requestedAt: since }).go({ limit: 50 });
  return data;
}

const isActive = (sync: PlatformSync | null, at = Date.now()): sync is PlatformSync =>
  sync !== null && (sync.status === 'queued' || sync.status === 'running') && at - Date.parse(sync.requestedAt) < STALE_SYNC_MS;

const expiresAt = () => Math.floor(Date.now() / 1000) + SYNC_RECORD_DAYS * 24 * 60 * 60;

/**
 * A new sync request for the platform, unless one is queued or running: then that one (created: false), so a
 * double click or two tabs start one sync. The request and the integration's active marker are one transaction.
 */
export async function requestSync(integration: Integration): Promise<{ sync: PlatformSync; created: boolean }> {
  const { sellerId, platform } = integration;
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getIntegration(sellerId, platform);
    const activeKey = current?.activeRequestId && current.activeRequestedAt ? { sellerId, requestId: current.activeRequestId, requestedAt: current.activeRequestedAt } : undefined;
    const active = activeKey ? await getSync(activeKey) : null;
    if (isActive(active)) return { sync: active, created: false };

    const sync = { sellerId, platform, requestId: randomUUID(), requestedAt: now(), expiresAt: expiresAt() };
    const result = await createWriteTransaction(
      { integration: integrationEntity(), platformSync: platformSyncEntity() },
      ({ integration: i, platformSync }) => [
        platformSync.create(sync).commit(),
        i
          .patch({ sellerId, platform })
          .set({ activeRequestId: sync.requestId, activeRequestedAt: sync.requestedAt })
          .where((a, { eq, notExists }) => (current?.activeRequestId ? eq(a.activeRequestId, current.activeRequestId) : notExists(a.activeRequestId)))
          .commit(),
      ],
    ).go();
    if (!result.canceled) return { sync: { ...sync, status: 'queued', fetched: false, pages: 0, ordersCreated: 0, ordersUpdated: 0, customersCreated: 0, updatedAt: sync.requestedAt }, created: true };
  }
  throw new Error(`Could not start a ${platform} sync: the integration kept changing`);
}

/** Starts a queued sync: fixes its window, so a retried message fetches the same orders. */
export async function startSync(key: SyncKey, window: { since?: string; fetchStartedAt: string }): Promise<boolean> {
  return applied(
    platformSyncEntity()
      .patch(keyOf(key))
      .set({ status: 'running', startedAt: now(), fetchStartedAt: window.fetchStartedAt, ...(window.since ? { since: window.since } : {}) })
      .where((a, { eq }) => eq(a.status, 'queued'))
      .go(),
  );
}

/**
 * The reasons of skipped orders a sync keeps: what the seller can read at once. Beyond them the count says how many
 * more (a store whose every order a file imported before would otherwise grow the item without bound).
 */
export const SKIPPED_SHOWN = 20;

/**
 * Records a written page and where the next one starts, with the orders it skipped. Conditional on the page it
 * continued from, so two deliveries of one message racing cannot both count a page.
 */
export async function recordPage(
  key: SyncKey,
  from: string | undefined,
  next: string | undefined,
  counts: { created: number; updated: number; customersCreated: number; skipped?: readonly string[] },
  /** How many skipped orders the sync recorded before this page: the reasons kept stop at SKIPPED_SHOWN. */
  skippedBefore = 0,
): Promise<void> {
  const skipped = counts.skipped ?? [];
  const shown = skipped.slice(0, Math.max(0, SKIPPED_SHOWN - skippedBefore));
  const counted = platformSyncEntity()
    .patch(keyOf(key))
    .add({ pages: 1, ordersCreated: counts.created, ordersUpdated: counts.updated, customersCreated: counts.customersCreated, ...(skipped.length ? { ordersSkipped: skipped.length } : {}) })
    .set(next === undefined ? { fetched: true } : { page: next });
  const update = shown.length ? counted.append({ skipped: shown }) : counted;
  await (next === undefined ? update.remove(['page']) : update)
    .where((a, { eq, notExists }) => `${eq(a.status, 'running')} AND ${eq(a.fetched, false)} AND ${from === undefined ? notExists(a.page) : eq(a.page, from)}`)
    .go();
}

export interface SyncOutcome {
  status: 'succeeded' | 'failed';
  error?: string;
  /** The platform refused us: show the seller they must set it up again. */
  problems?: boolean;
  /** The platform's own words on a refusal, kept on the integration for support (the browser sees `error`). */
  detail?: string;
  /** Succeeded: where the next sync starts. */
  cursor?: string;
  /** Only if the sync has made no progress since this time (its worker is gone). */
  stalledBefore?: string;
}

/** Finishes a sync once: its record, and the integration's cursor, last sync and problems in the same transaction. */
export async function finishSync(key: SyncKey, platform: Platform, outcome: SyncOutcome): Promise<boolean> {
  const finishedAt = now();
  const result = await createWriteTransaction(
    { integration: integrationEntity(), platformSync: platformSyncEntity() },
    ({ integration, platformSync }) => [
      platformSync
        .patch(keyOf(key))
        .set({ status: outcome.status, finishedAt, ...(outcome.error ? { error: outcome.error } : {}) })
        .where(
          (a, { eq, ne, lt }) =>
            `${ne(a.status, 'succeeded')} AND ${ne(a.status, 'failed')} AND ${eq(a.requestId, key.requestId)}${outcome.stalledBefore ? ` AND ${lt(a.updatedAt, outcome.stalledBefore)}` : ''}`,
        )
        .commit(),
      integration
        .patch({ sellerId: key.sellerId, platform })
        .set({
          lastSyncAt: finishedAt,
          lastSyncStatus: outcome.status,
          lastSyncRequestId: key.requestId,
          ...(outcome.cursor ? { cursor: outcome.cursor } : {}),
          ...(outcome.problems ? { problems: true, problemMessage: outcome.detail ?? outcome.error } : {}),
          ...(outcome.status === 'succeeded' ? { problems: false } : {}),
        })
        .commit(),
    ],
  ).go();
  if (result.canceled) return false;
  // Not applied when a newer sync is active now: its marker stays.
  await applied(
    integrationEntity()
      .patch({ sellerId: key.sellerId, platform })
      .remove(['activeRequestId', 'activeRequestedAt'])
      .where((a, { eq }) => eq(a.activeRequestId, key.requestId))
      .go(),
  );
  return true;
}
