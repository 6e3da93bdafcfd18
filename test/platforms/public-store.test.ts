import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/adapters/platforms/connector.js';
import type { LookupAll } from '../../functions/adapters/platforms/public-host.js';
import { assertPublicHttps, NotPublicHost, systemLookup } from '../../functions/adapters/platforms/public-host.js';
import { createShopifyConnector } from '../../functions/adapters/platforms/shopify.js';
import { createWooCommerceConnector } from '../../functions/adapters/platforms/woocommerce.js';
import { InvalidInput } from '../../functions/domain/errors.js';
import { checkStoreAddress } from '../../functions/integrations/store-address.js';
import { MESSAGES } from '../../shared/api/messages.js';

/**
 * Connectors reach a seller-given store address only when it is a public https host: checked when the store is
 * connected and before every request, through an answer from DNS the test gives (no network). A refused address is
 * never sent a request.
 */
const DNS: Record<string, string[]> = {
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'shop.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'candles.myshopify.com': ['192.168.0.20'],
};
const lookup: LookupAll = async (host) => {
  const addresses = DNS[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address }));
};

/** A fetch that records what it is asked and answers one empty page. */
function recordingFetch() {
  const calls: { url: string; redirect: RequestRedirect | undefined }[] = [];
  const fetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    calls.push({ url: String(input), redirect: init?.redirect });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-wp-totalpages': '1' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const woo = (storeUrl: string) => ({ credentials: { apiKey: 'ck_1', apiSecret: 'cs_1', storeUrl } });

describe('the address check', () => {
  it.each([
    ['https://127.0.0.1.nip.io', 'private-address'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'private-address'],
    ['https://mixed.example.com', 'private-address'],
    ['https://mapped.example.com', 'private-address'],
    ['https://127.0.0.1', 'ip-literal'],
    ['https://[::1]', 'ip-literal'],
    ['https://[::ffff:a9fe:a9fe]', 'ip-literal'],
    ['https://2130706433', 'ip-literal'],
    ['http://shop.example.com', 'not-https'],
    ['https://nowhere.example.com', 'unresolved'],
  ])('refuses %s (%s)', async (address, reason) => {
    await expect(assertPublicHttps(new URL(address), lookup)).rejects.toMatchObject({ name: 'NotPublicHost', reason });
  });

  it('allows a public https host all of whose addresses are public', async () => {
    await expect(assertPublicHttps(new URL('https://shop.example.com/store'), lookup)).resolves.toBeUndefined();
  });

  it('with the system resolver, localhost is refused (no network needed)', async () => {
    await expect(assertPublicHttps(new URL('https://localhost'), systemLookup)).rejects.toBeInstanceOf(NotPublicHost);
  });

  it('connecting a store at a refused address answers the catalogue message', async () => {
    for (const address of ['https://127.0.0.1.nip.io', 'https://metadata.google.internal', 'not a url']) {
      const refused = await checkStoreAddress(address, lookup).catch((err: unknown) => err);
      expect(refused, address).toBeInstanceOf(InvalidInput);
      expect((refused as InvalidInput).errors).toEqual({ storeUrl: MESSAGES.storeNotPublic });
    }
    await expect(checkStoreAddress('https://shop.example.com', lookup)).resolves.toBeUndefined();
  });
});

describe('connectors make no request to a refused store', () => {
  it.each(['https://127.0.0.1.nip.io', 'https://metadata.google.internal', 'https://mixed.example.com', 'https://[::ffff:7f00:1]'])(
    'WooCommerce at %s: a non-retryable PlatformError, and fetch is never called',
    async (storeUrl) => {
      const { fetch, calls } = recordingFetch();
      const connector = createWooCommerceConnector({ fetch, lookup });
      const refused = await connector.fetchOrders(woo(storeUrl), '2026-01-01T00:00:00.000Z', undefined).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(PlatformError);
      expect(refused).toMatchObject({ retryable: false, message: expect.stringContaining('not a public https address') });
      expect(calls).toEqual([]);
    },
  );

  it('a public store is fetched, without following redirects; when its name later resolves inside, the next request is refused', async () => {
    const { fetch, calls } = recordingFetch();
    let answer = ['93.184.215.14'];
    const connector = createWooCommerceConnector({ fetch, lookup: async () => answer.map((address) => ({ address })) });
    await connector.fetchOrders(woo('https://shop.example.com'), '2026-01-01T00:00:00.000Z', undefined);
    expect(calls).toEqual([{ url: expect.stringMatching(/^https:\/\/shop\.example\.com\/wp-json\/wc\/v3\/orders\?/), redirect: 'manual' }]);
    answer = ['127.0.0.1'];
    await expect(connector.fetchOrders(woo('https://shop.example.com'), '2026-01-01T00:00:00.000Z', undefined)).rejects.toBeInstanceOf(PlatformError);
    expect(calls).toHaveLength(1);
  });

  it('Shopify: neither the token exchange nor the orders reach a shop whose name resolves inside', async () => {
    const { fetch, calls } = recordingFetch();
    const connector = createShopifyConnector({ fetch, lookup });
    await expect(
      connector.exchangeCode!({ client: { clientId: 'id', clientSecret: 'secret' } }, { code: 'c', redirectUri: 'https://desk.example.com/settings', storeUrl: 'https://candles.myshopify.com' }),
    ).rejects.toBeInstanceOf(PlatformError);
    await expect(
      connector.fetchOrders({ credentials: { accessToken: 'shpat_1', storeUrl: 'https://candles.myshopify.com' } }, '2026-01-01T00:00:00.000Z', undefined),
    ).rejects.toBeInstanceOf(PlatformError);
    expect(calls).toEqual([]);
  });

  it('Shopify: our app\'s client secret and the seller\'s token go only to a myshopify.com shop, whatever address was stored', async () => {
    const { fetch, calls } = recordingFetch();
    const connector = createShopifyConnector({ fetch, lookup });
    const invalid = { name: 'PlatformError', retryable: false, message: "Enter your Shopify store's myshopify.com address, like your-store.myshopify.com." };
    for (const storeUrl of ['https://shop.example.com', 'https://candles.myshopify.com.example.com']) {
      expect(() => connector.authorizeUrl!({ clientId: 'id', redirectUri: 'https://desk.example.com/settings', state: 's', storeUrl })).toThrow(invalid.message);
      await expect(
        connector.exchangeCode!({ client: { clientId: 'id', clientSecret: 'secret' } }, { code: 'c', redirectUri: 'https://desk.example.com/settings', storeUrl }),
      ).rejects.toMatchObject(invalid);
      await expect(connector.fetchOrders({ credentials: { accessToken: 'shpat_1', storeUrl } }, '2026-01-01T00:00:00.000Z', undefined)).rejects.toMatchObject(invalid);
    }
    expect(calls).toEqual([]);
  });

  it('an address the operator configured for the platform (a loopback fake in tests) is not a seller address and is not checked', async () => {
    const { fetch, calls } = recordingFetch();
    const connector = createWooCommerceConnector({ fetch, lookup });
    await connector.fetchOrders({ ...woo('https://127.0.0.1.nip.io'), baseUrl: 'http://127.0.0.1:9/wp-json/wc/v3' }, '2026-01-01T00:00:00.000Z', undefined);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:9\//);
  });
});
