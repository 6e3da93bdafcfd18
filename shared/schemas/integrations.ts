import * as z from 'zod';
import { PLATFORMS } from '../domain/platforms.js';

/** Integration settings and platform sync: route inputs and the answers the screen reads (spec sections 4, 7). */

const STORE_URL_REQUIRED = 'Store URL required';
export const STORE_URL_INVALID = 'Enter the address of your store, like https://shop.example.com.';

/**
 * A store's address as a seller types it ("shop.example.com/", "https://Shop.example.com/store"): made an https
 * origin plus path. Addresses that name this machine or a bare IP are refused: the sync worker calls this address.
 */
export const storeUrl = z
  .string({ error: STORE_URL_REQUIRED })
  .trim()
  .min(1, STORE_URL_REQUIRED)
  .max(300, STORE_URL_INVALID)
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    } catch {
      ctx.addIssue({ code: 'custom', message: STORE_URL_INVALID });
      return z.NEVER;
    }
    const host = url.hostname;
    const ipLike = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
    if (!['http:', 'https:'].includes(url.protocol) || !host.includes('.') || ipLike || host.endsWith('.localhost') || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: STORE_URL_INVALID });
      return z.NEVER;
    }
    return `https://${host}${url.port ? `:${url.port}` : ''}${url.pathname.replace(/\/+$/, '')}`;
  });

/** When the seller clicked Sync now: an ISO time (the earliest `requestedAt` the resyncs answered) or epoch ms. */
export const lastClick = z
  .string()
  .trim()
  .max(40, 'lastClick must be a time.')
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined;
    const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
    // Beyond ±8.64e15 ms a number is no date (new Date(ms).toISOString() would throw).
    if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) {
      ctx.addIssue({ code: 'custom', message: 'lastClick must be a time.' });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  });

export const connectBody = z.object({
  platform: z.enum(PLATFORMS, { error: 'Choose a platform.' }),
  storeUrl: storeUrl.optional(),
});

export const disconnectBody = z.object({ platform: z.enum(PLATFORMS, { error: 'Choose a platform.' }) });

/** A platform as the screen sees it: never credentials. */
export const integrationStatus = z.object({
  platform: z.enum(PLATFORMS),
  name: z.string(),
  /** Connected and able to sync. */
  haveSync: z.boolean(),
  storeUrl: z.string().nullable(),
  problems: z.boolean(),
  problemMessage: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastSyncStatus: z.enum(['succeeded', 'failed']).nullable(),
  syncing: z.boolean(),
});
export type IntegrationStatus = z.output<typeof integrationStatus>;

export const integrationAnswer = integrationStatus.extend({ success: z.literal(true) });
export const integrationList = z.object({ success: z.literal(true), integrations: z.array(integrationStatus) });

/** The settings/connect calls: connected now, or the platform's address where the seller grants access. */
export const connectAnswer = z.object({
  success: z.literal(true),
  connected: z.boolean(),
  authorizeUrl: z.string().optional(),
  integration: integrationStatus,
});

/**
 * The seller back from a platform's consent page: what the platform appended to our address. The state names the
 * platform among the seller's own authorizations; `platform`, when the address carries it, must agree.
 */
export const oauthReturnQuery = z.object({
  code: z.string({ error: 'The platform sent no sign-in code. Please connect again.' }).trim().min(1, 'The platform sent no sign-in code. Please connect again.').max(2000),
  state: z.string({ error: 'This sign-in is not one we started. Please connect again.' }).trim().min(1, 'This sign-in is not one we started. Please connect again.').max(200),
  platform: z.enum(PLATFORMS).optional(),
  /** Wix sends the app instance with the code. */
  instanceId: z.string().trim().max(200).optional(),
});

/** Connected: where the screen goes next and what it says there. */
export const oauthReturnAnswer = z.object({
  success: z.literal(true),
  platform: z.enum(PLATFORMS),
  message: z.string(),
  next: z.string(),
  integration: integrationStatus,
});

export const resyncAnswer = z.object({
  success: z.literal(true),
  platform: z.enum(PLATFORMS),
  requestId: z.string(),
  requestedAt: z.string(),
  /** A sync of this platform was already queued or running: this is that one. */
  alreadyRunning: z.boolean(),
});

export const syncView = z.object({
  platform: z.enum(PLATFORMS),
  requestId: z.string(),
  requestedAt: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  ordersCreated: z.number(),
  ordersUpdated: z.number(),
  /** Orders the sync did not add (their number taken) or change (a label bought), each in plain words. */
  skipped: z.array(z.string()),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SyncView = z.output<typeof syncView>;

export const lastSyncAnswer = z.object({
  success: z.literal(true),
  /** Every sync requested since lastClick has finished (true when there is none). */
  finished: z.boolean(),
  syncs: z.array(syncView),
  ordersCreated: z.number(),
  ordersUpdated: z.number(),
  /** When the latest of them finished. */
  lastSync: z.string().nullable(),
});
