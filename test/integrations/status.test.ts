import { describe, expect, it } from 'vitest';
import { type Integration, type PlatformSync, STALE_SYNC_MS } from '../../functions/data/integrations.js';
import { integrationStatus, lastSyncSummary } from '../../functions/integrations/status.js';

const AT = Date.parse('2026-11-23T12:00:00.000Z');
const iso = (msBefore: number) => new Date(AT - msBefore).toISOString();

function sync(over: Partial<PlatformSync>): PlatformSync {
  return {
    sellerId: 's1',
    requestId: 'r1',
    requestedAt: iso(60_000),
    platform: 'shopify',
    status: 'succeeded',
    fetched: true,
    pages: 1,
    ordersCreated: 0,
    ordersUpdated: 0,
    customersCreated: 0,
    expiresAt: 0,
    updatedAt: iso(0),
    ...over,
  };
}

describe('integrationStatus (what the browser sees of an integration)', () => {
  it('has no credentials, OAuth state or platform words, only our message', () => {
    const item: Integration = {
      sellerId: 's1',
      platform: 'paypal',
      connected: true,
      credentials: '{"v":1,"kek":"local","edk":"secret-edk","iv":"i","tag":"t","data":"secret-data"}',
      authState: 'secret-state',
      authVerifier: 'secret-verifier',
      problems: true,
      problemMessage: 'invalid_client: Client Authentication failed',
      createdAt: iso(0),
      updatedAt: iso(0),
    };
    const view = integrationStatus('paypal', item, AT);
    expect(view).toEqual({
      platform: 'paypal',
      name: 'PayPal',
      haveSync: true,
      storeUrl: null,
      problems: true,
      problemMessage: 'We are having problems syncing your PayPal orders. Please set up PayPal again.',
      lastSyncAt: null,
      lastSyncStatus: null,
      syncing: false,
    });
    expect(JSON.stringify(view)).not.toMatch(/secret|invalid_client/);
  });

  it('is syncing while a recent request is active, not once it is stale', () => {
    const item = (msBefore: number): Integration => ({
      sellerId: 's1',
      platform: 'etsy',
      connected: true,
      problems: false,
      activeRequestId: 'r1',
      activeRequestedAt: iso(msBefore),
      createdAt: iso(0),
      updatedAt: iso(0),
    });
    expect(integrationStatus('etsy', item(1000), AT).syncing).toBe(true);
    expect(integrationStatus('etsy', item(STALE_SYNC_MS), AT).syncing).toBe(false);
    expect(integrationStatus('etsy', null, AT)).toMatchObject({ haveSync: false, syncing: false, problems: false });
  });
});

describe('lastSyncSummary (the answer of /upload/getLastSync)', () => {
  it('is finished when every sync since the click is, with their orders summed and the latest finish', () => {
    const a = sync({ ordersCreated: 2, ordersUpdated: 1, finishedAt: iso(30_000) });
    const b = sync({ requestId: 'r2', platform: 'ebay', ordersCreated: 3, finishedAt: iso(10_000) });
    expect(lastSyncSummary([a, b], AT)).toMatchObject({ finished: true, ordersCreated: 5, ordersUpdated: 1, lastSync: iso(10_000) });
    expect(lastSyncSummary([a, sync({ requestId: 'r3', status: 'running' })], AT).finished).toBe(false);
    expect(lastSyncSummary([], AT)).toEqual({ success: true, finished: true, syncs: [], ordersCreated: 0, ordersUpdated: 0, lastSync: null });
  });

  it('reads a sync whose worker was lost (queued or running past the stale time) as failed, so the dialog closes', () => {
    const lost = sync({ status: 'queued', requestedAt: iso(STALE_SYNC_MS + 1) });
    const out = lastSyncSummary([lost], AT);
    expect(out.finished).toBe(true);
    expect(out.syncs[0]).toMatchObject({ status: 'failed', error: 'The Shopify sync could not finish. Please try again later.' });
  });
});
