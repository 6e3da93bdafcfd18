import { Entity } from 'electrodb';
import { PLATFORMS } from '../../shared/domain/platforms.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, timestamps, updatedAt, onFirstUse } from './table.js';

/**
 * A seller's connected platforms and their syncs (docs/data-model.md, "Integrations"). A sync request and the
 * integration's active marker are written in one transaction.
 */

export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** One item per seller and platform. */
export const integrationEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('integration'),
      attributes: {
        sellerId: keyAttribute,
        platform: { type: PLATFORMS, required: true, readOnly: true },
        connected: { type: 'boolean', required: true, default: false },
        /** Sealed JSON (envelope encryption): never plaintext, never sent to the browser. */
        credentials: { type: 'string' },
        storeUrl: { type: 'string' },
        connectedAt: { type: 'string' },
        /** Orders changed since this time are fetched by the next sync. */
        cursor: { type: 'string' },
        /** An OAuth authorization in progress: its anti-forgery state, bound to this seller and platform. */
        authState: { type: 'string' },
        authStateExpiresAt: { type: 'string' },
        authVerifier: { type: 'string' },
        /** The sync queued or running now, so a second click does not start another. */
        activeRequestId: { type: 'string' },
        activeRequestedAt: { type: 'string' },
        lastSyncAt: { type: 'string' },
        lastSyncStatus: { type: ['succeeded', 'failed'] as const },
        lastSyncRequestId: { type: 'string' },
        /** The platform refused us (revoked access, store gone): the seller has to set it up again. */
        problems: { type: 'boolean', required: true, default: false },
        problemMessage: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byPlatform: {
          pk: sellerKey(),
          sk: sortKey('INTEGRATION#${platform}', ['platform']),
        },
      },
    },
    onTable,
  ),
);

/**
 * One item per sync request (the natural key of a platform-sync message), in the seller's own sync partition,
 * ordered by request time so /upload/getLastSync reads the syncs since a click with one Query.
 */
export const platformSyncEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('platformSync'),
      attributes: {
        sellerId: keyAttribute,
        requestId: keyAttribute,
        requestedAt: keyAttribute,
        platform: { type: PLATFORMS, required: true, readOnly: true },
        status: { type: SYNC_STATUSES, required: true, default: 'queued' },
        /** The window: orders changed since `since` (none: the platform's recent orders), fetched from `fetchStartedAt`. */
        since: { type: 'string' },
        fetchStartedAt: { type: 'string' },
        /** The next page to fetch; `fetched` once the last page is written. */
        page: { type: 'string' },
        fetched: { type: 'boolean', required: true, default: false },
        pages: { type: 'number', required: true, default: 0 },
        ordersCreated: { type: 'number', required: true, default: 0 },
        ordersUpdated: { type: 'number', required: true, default: 0 },
        customersCreated: { type: 'number', required: true, default: 0 },
        /** Orders the sync left as they were or did not add, and (the first SKIPPED_SHOWN of them) why, for the seller. */
        ordersSkipped: { type: 'number' },
        skipped: { type: 'list', items: { type: 'string' } },
        error: { type: 'string' },
        startedAt: { type: 'string' },
        finishedAt: { type: 'string' },
        expiresAt: { type: 'number', required: true },
        updatedAt,
      },
      indexes: {
        byTime: {
          pk: sellerKey('pk', 'PLATFORMSYNC'),
          sk: sortKey('${requestedAt}#${requestId}', ['requestedAt', 'requestId']),
        },
      },
    },
    onTable,
  ),
);
