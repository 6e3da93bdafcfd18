import { describe, expect, it } from 'vitest';
import { HAVE_SYNC_PLATFORMS, PLATFORMS, SETTINGS_PLATFORMS } from '../../shared/domain/platforms.js';
import { createTestSeller } from '../support/sellers.js';
import { connectWith, ordersOf, rawIntegrationItem, syncNow } from './support.js';

describe('platform status: /{platform}/havesync, /controlpad/sync, /tiktok/sync', { timeout: 60_000 }, () => {
  it('every platform answers not connected for a new seller', async () => {
    const seller = await createTestSeller();
    for (const platform of HAVE_SYNC_PLATFORMS) {
      const res = await seller.api('GET', `/${platform}/havesync`);
      expect(res.status, platform).toBe(200);
      expect(res.json).toMatchObject({ success: true, platform, haveSync: false, problems: false, syncing: false, lastSyncAt: null });
    }
    for (const path of ['/controlpad/sync', '/tiktok/sync']) {
      const res = await seller.api('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.json.haveSync, path).toBe(false);
    }
  });

  it('a connected platform says so, with its store', async () => {
    const seller = await createTestSeller();
    const connected = await seller.api('GET', '/woocommerce/settings', { query: { storeUrl: 'Shop.Example.com/' } });
    expect(connected.status).toBe(200);
    expect(connected.json).toMatchObject({ success: true, connected: true, integration: { platform: 'woocommerce', haveSync: true } });
    const res = await seller.api('GET', '/woocommerce/havesync');
    expect(res.json).toMatchObject({ haveSync: true, storeUrl: 'https://shop.example.com', name: 'WooCommerce' });
    const tiktok = await seller.api('GET', '/tiktok/settings');
    expect(tiktok.json.connected).toBe(true);
    expect((await seller.api('GET', '/tiktok/sync')).json.haveSync).toBe(true);
  });
});

describe('connecting: /{platform}/settings, /woocommerce/settings, /etsy/Authorize, /integrations/connect', () => {
  it('each settings call connects its platform (the demo store: at once)', async () => {
    const seller = await createTestSeller();
    for (const platform of SETTINGS_PLATFORMS) {
      const res = await seller.api('GET', `/${platform}/settings`);
      expect(res.status, platform).toBe(200);
      expect(res.json, platform).toMatchObject({ success: true, connected: true, integration: { platform, haveSync: true } });
    }
    const etsy = await seller.api('GET', '/etsy/Authorize');
    expect(etsy.json).toMatchObject({ success: true, connected: true, integration: { platform: 'etsy', haveSync: true } });
  });

  it("WooCommerce without a store URL: 400 'Store URL required', nothing stored", async () => {
    const seller = await createTestSeller();
    for (const query of [{}, { storeUrl: '' }, { storeUrl: '   ' }]) {
      const res = await seller.api('GET', '/woocommerce/settings', { query });
      expect(res.status).toBe(400);
      expect(res.json.errors.storeUrl).toBe('Store URL required');
    }
    const local = await seller.api('GET', '/woocommerce/settings', { query: { storeUrl: 'http://127.0.0.1:8080' } });
    expect(local.status).toBe(400);
    expect(local.json.errors.storeUrl).toBe('Enter the address of your store, like https://shop.example.com.');
    expect(await rawIntegrationItem(seller.sellerId, 'woocommerce')).toBeUndefined();
    expect((await seller.api('GET', '/woocommerce/havesync')).json.haveSync).toBe(false);
  });

  it('/integrations/connect connects the platforms the spec gives no settings call, and refuses an unknown one', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/integrations/connect', { body: { platform: 'shopify', storeUrl: 'candles.myshopify.com' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ connected: true, integration: { platform: 'shopify', haveSync: true } });
    const bad = await seller.api('POST', '/integrations/connect', { body: { platform: 'amazon' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.platform).toBe('Choose a platform.');
    const woo = await seller.api('POST', '/integrations/connect', { body: { platform: 'woocommerce', storeUrl: 'localhost' } });
    expect(woo.status).toBe(400);
  });

  it('/integrations/disconnect deletes the credentials and stops syncing; the orders stay; a second click changes nothing', async () => {
    const seller = await createTestSeller();
    expect((await seller.api('POST', '/integrations/connect', { body: { platform: 'shopify', storeUrl: 'candles.myshopify.com' } })).status).toBe(200);
    const { sync } = await syncNow(seller, 'shopify');
    expect(sync).toMatchObject({ status: 'succeeded' });
    const orders = (await ordersOf(seller)).length;
    expect(orders).toBeGreaterThan(0);

    const off = await seller.api('POST', '/integrations/disconnect', { body: { platform: 'shopify' } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json).toMatchObject({ success: true, platform: 'shopify', haveSync: false, problems: false, storeUrl: 'https://candles.myshopify.com' });
    expect(await rawIntegrationItem(seller.sellerId, 'shopify')).toMatchObject({ connected: false });
    expect((await rawIntegrationItem(seller.sellerId, 'shopify'))?.credentials).toBeUndefined();
    expect((await seller.api('GET', '/shopify/ordersresync')).status).toBe(409);
    expect(await ordersOf(seller)).toHaveLength(orders);

    const again = await seller.api('POST', '/integrations/disconnect', { body: { platform: 'shopify' } });
    expect([again.status, again.json.haveSync]).toEqual([200, false]);
    const never = await seller.api('POST', '/integrations/disconnect', { body: { platform: 'etsy' } });
    expect([never.status, never.json.haveSync]).toEqual([200, false]);
    expect(await rawIntegrationItem(seller.sellerId, 'etsy')).toBeUndefined();
    expect((await seller.api('POST', '/integrations/disconnect', { body: { platform: 'amazon' } })).json.errors?.platform).toBe('Choose a platform.');
  });

  it('Shopify is connected by its shop\'s myshopify.com address: none, or another host, is refused and changes nothing', async () => {
    const seller = await createTestSeller();
    const none = await seller.api('POST', '/integrations/connect', { body: { platform: 'shopify' } });
    expect([none.status, none.json.errors?.storeUrl]).toEqual([400, 'Store URL required']);
    for (const storeUrl of ['shop.example.com', 'candles.myshopify.com.example.com', 'https://example.com/candles.myshopify.com']) {
      const res = await seller.api('POST', '/integrations/connect', { body: { platform: 'shopify', storeUrl } });
      expect([res.status, res.json.errors?.storeUrl], storeUrl).toEqual([400, "Enter your Shopify store's myshopify.com address, like your-store.myshopify.com."]);
    }
    expect(await rawIntegrationItem(seller.sellerId, 'shopify')).toBeUndefined();
  });

  it('/integrations/list: every platform once, connected ones marked', async () => {
    const seller = await createTestSeller();
    await seller.api('POST', '/integrations/connect', { body: { platform: 'square' } });
    const res = await seller.api('GET', '/integrations/list');
    expect(res.status).toBe(200);
    expect(res.json.integrations.map((i: { platform: string }) => i.platform)).toEqual([...PLATFORMS]);
    expect(res.json.integrations.filter((i: { haveSync: boolean }) => i.haveSync).map((i: { platform: string }) => i.platform)).toEqual(['square']);
  });
});

describe('syncing: /{platform}/ordersresync and /upload/getLastSync', { timeout: 90_000 }, () => {
  it('a platform not connected cannot be synced: 409 and no sync', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('GET', '/ebay/ordersresync');
    expect(res.status).toBe(409);
    expect(res.json.message).toBe('Connect eBay before syncing.');
    const last = await seller.api('GET', '/upload/getLastSync');
    expect(last.json).toMatchObject({ finished: true, syncs: [], lastSync: null });
  });

  it('Sync now: the worker pulls the orders, getLastSync reports them, the orders are listed once each', async () => {
    const seller = await createTestSeller();
    await seller.api('POST', '/integrations/connect', { body: { platform: 'shopify', storeUrl: 'candles.myshopify.com' } });
    const { request, last, sync } = await syncNow(seller, 'shopify');
    expect(request.alreadyRunning).toBe(false);
    expect(sync).toMatchObject({ platform: 'shopify', status: 'succeeded', ordersCreated: 5, ordersUpdated: 0, error: null });
    expect(last).toMatchObject({ finished: true, ordersCreated: 5, lastSync: sync.finishedAt });
    const orders = await ordersOf(seller);
    expect(orders).toHaveLength(5);
    expect(new Set(orders.map((o) => o.platform))).toEqual(new Set(['shopify']));
    const status = await seller.api('GET', '/shopify/havesync');
    expect(status.json).toMatchObject({ lastSyncStatus: 'succeeded', lastSyncAt: sync.finishedAt, syncing: false });

    // The next sync starts where this one stopped: only the orders since then, none twice.
    const again = await syncNow(seller, 'shopify');
    expect(again.sync.status).toBe('succeeded');
    const after = await ordersOf(seller);
    expect(new Set(after.map((o) => o.orderId)).size).toBe(after.length);
    expect(after.length).toBe(5 + again.sync.ordersCreated);
  });

  it('getLastSync: lastClick must be a time; without it, the latest sync', async () => {
    const seller = await createTestSeller();
    const bad = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: 'yesterday-ish' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.lastClick).toBe('lastClick must be a time.');
    await seller.api('GET', '/paypal/settings');
    const { sync } = await syncNow(seller, 'paypal');
    const latest = await seller.api('GET', '/upload/getLastSync');
    expect(latest.json.syncs.map((s: { requestId: string }) => s.requestId)).toEqual([sync.requestId]);
    const later = await seller.api('GET', '/upload/getLastSync', { query: { lastClick: String(Date.now() + 60_000) } });
    expect(later.json).toMatchObject({ finished: true, syncs: [] });
  });
});

describe("another seller's integrations", { timeout: 90_000 }, () => {
  it('are invisible and untouched', async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    await a.api('POST', '/integrations/connect', { body: { platform: 'shopify', storeUrl: 'candles.myshopify.com' } });
    const { sync } = await syncNow(a, 'shopify');
    const before = await rawIntegrationItem(a.sellerId, 'shopify');

    expect((await b.api('GET', '/shopify/havesync')).json.haveSync).toBe(false);
    expect((await b.api('GET', '/integrations/list')).json.integrations.some((i: { haveSync: boolean }) => i.haveSync)).toBe(false);
    expect((await b.api('GET', '/shopify/ordersresync')).status).toBe(409);
    const last = await b.api('GET', '/upload/getLastSync', { query: { lastClick: sync.requestedAt } });
    expect(last.json.syncs).toEqual([]);
    expect(await ordersOf(b)).toEqual([]);
    expect(await rawIntegrationItem(a.sellerId, 'shopify')).toEqual(before);
  });

  it("a seller's sealed credentials do not open as another seller's", async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    await connectWith(a.sellerId, 'shopify', { accessToken: 'shpat_secret_of_a' });
    const sealedOfA = (await rawIntegrationItem(a.sellerId, 'shopify'))!.credentials as string;
    const { openCredentials } = await import('../../functions/integrations/credentials.js');
    await expect(openCredentials(sealedOfA, { sellerId: a.sellerId, platform: 'shopify' })).resolves.toMatchObject({ accessToken: 'shpat_secret_of_a' });
    await expect(openCredentials(sealedOfA, { sellerId: b.sellerId, platform: 'shopify' })).rejects.toThrow();
    await expect(openCredentials(sealedOfA, { sellerId: a.sellerId, platform: 'etsy' })).rejects.toThrow();
  });
});
