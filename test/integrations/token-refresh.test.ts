import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformCredentials } from '../../functions/adapters/platforms/connector.js';
import { etsy } from '../platforms/cases/etsy.js';
import { type FakePlatform, type FakeRequest, startFakePlatform } from '../platforms/fake-platform.js';
import { createTestSeller } from '../support/sellers.js';
import { ordersOf, rawIntegrationItem } from './support.js';

/**
 * The platform-sync worker (its SQS handler, in this process, live Etsy connector) refreshing an Etsy access token
 * against a loopback fake of Etsy's token endpoint and receipts, with the integration and sync records in DynamoDB
 * Local. Configuration is read once at load, so it is set before the worker is imported.
 */
let worker: typeof import('../../functions/jobs/platform-sync.js').handler;
let credentials: typeof import('../../functions/integrations/credentials.js');
let data: typeof import('../../functions/data/integrations.js');
let fake: FakePlatform;
/** Access tokens Etsy accepts now, and what each refresh token gives. */
const valid = new Set<string>();
const refreshes = new Map<string, { access: string; refresh: string }>();

const KEY = 'etsy-keystring';
const SECRET = 'etsy-shared-secret';
const isToken = (r: FakeRequest) => r.path === '/v3/public/oauth/token';

beforeAll(async () => {
  fake = await startFakePlatform({
    authorized: (r) => (isToken(r) ? r.json.client_id === KEY : r.headers['x-api-key'] === `${KEY}:${SECRET}` && valid.has(String(r.headers.authorization).replace(/^Bearer /, ''))),
    unauthorized: { body: { error: 'invalid_token', error_description: 'access token is expired' } },
    routes: {
      'POST /v3/public/oauth/token': (r) => {
        const next = r.json.grant_type === 'refresh_token' ? refreshes.get(String(r.json.refresh_token)) : undefined;
        if (!next) return { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token is revoked' } };
        refreshes.delete(String(r.json.refresh_token));
        valid.add(next.access);
        return { body: { access_token: next.access, token_type: 'Bearer', expires_in: 3600, refresh_token: next.refresh } };
      },
      [etsy.ordersRoute]: etsy.fake.routes[etsy.ordersRoute]!,
    },
  });
  process.env.PLATFORM_CONNECTORS = 'live';
  process.env.PLATFORM_CLIENT_IDS = JSON.stringify({ etsy: KEY });
  process.env.PLATFORM_CLIENT_SECRETS = JSON.stringify({ etsy: SECRET });
  process.env.PLATFORM_BASE_URLS = JSON.stringify({ etsy: `${fake.url}/v3/application` });
  process.env.PLATFORM_OAUTH_REDIRECT_URI = 'https://desk.example.com/settings';
  worker = (await import('../../functions/jobs/platform-sync.js')).handler;
  credentials = await import('../../functions/integrations/credentials.js');
  data = await import('../../functions/data/integrations.js');
});
afterAll(() => fake?.close());

/** A seller with Etsy connected with these credentials, and one sync of it run by the worker as SQS delivers it. */
async function syncWith(stored: PlatformCredentials) {
  const seller = await createTestSeller();
  const owner = { sellerId: seller.sellerId, platform: 'etsy' as const };
  const integration = await data.connectIntegration(seller.sellerId, 'etsy', { sealedCredentials: await credentials.sealCredentials(stored, owner) });
  const { sync } = await data.requestSync(integration);
  const message = { type: 'platform-sync.requested', sellerId: seller.sellerId, platform: 'etsy', requestId: sync.requestId, requestedAt: sync.requestedAt };
  const from = fake.requests.length;
  const answer = await worker({ Records: [{ messageId: sync.requestId, body: JSON.stringify(message), attributes: { ApproximateReceiveCount: '1' } }] } as unknown as SQSEvent);
  const item = (await rawIntegrationItem(seller.sellerId, 'etsy'))!;
  return {
    seller,
    answer,
    requests: fake.requests.slice(from),
    sync: (await data.getSync({ sellerId: seller.sellerId, requestedAt: sync.requestedAt, requestId: sync.requestId }))!,
    item,
    saved: await credentials.openCredentials(item.credentials as string, owner),
  };
}

const base = { apiKey: KEY, apiSecret: SECRET, extra: { shopId: '5551' } };

describe('platform-sync worker: expiring access tokens (Etsy, live)', { timeout: 60_000 }, () => {
  it('an expired token is refreshed and the new credentials saved sealed before the first page; every order synced', async () => {
    refreshes.set('refresh-a1', { access: '1.access-a2', refresh: 'refresh-a2' });
    const run = await syncWith({ ...base, accessToken: '1.access-a1', refreshToken: 'refresh-a1', expiresAt: new Date(Date.now() - 60_000).toISOString() });

    expect(run.answer.batchItemFailures).toEqual([]);
    expect(run.sync).toMatchObject({ status: 'succeeded', ordersCreated: etsy.ids.length });
    expect((await ordersOf(run.seller)).map((o) => o.orderNumber).sort()).toEqual([...etsy.ids].sort());
    // The refresh came first; no page was asked for with the expired token.
    expect(isToken(run.requests[0]!)).toBe(true);
    const pages = run.requests.filter((r) => !isToken(r));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((r) => r.headers.authorization === 'Bearer 1.access-a2')).toBe(true);
    expect(run.saved).toMatchObject({ ...base, accessToken: '1.access-a2', refreshToken: 'refresh-a2' });
    expect(Date.parse(run.saved.expiresAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(JSON.stringify(run.item)).not.toContain('access-a2');
    expect(JSON.stringify(run.item)).not.toContain('refresh-a2');
  });

  it('a token Etsy stops accepting before its expiry (401) is refreshed once and the page fetched again', async () => {
    refreshes.set('refresh-b1', { access: '1.access-b2', refresh: 'refresh-b2' });
    const run = await syncWith({ ...base, accessToken: '1.access-b1-revoked', refreshToken: 'refresh-b1', expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() });

    expect(run.sync).toMatchObject({ status: 'succeeded', ordersCreated: etsy.ids.length });
    expect(run.requests.filter(isToken)).toHaveLength(1);
    expect(run.requests[0]!.headers.authorization).toBe('Bearer 1.access-b1-revoked');
    expect(run.saved).toMatchObject({ accessToken: '1.access-b2', refreshToken: 'refresh-b2' });
  });

  it('a refresh token Etsy refuses fails the sync with our words (set Etsy up again) and keeps the stored credentials', async () => {
    const stored = { ...base, accessToken: '1.access-c1', refreshToken: 'refresh-c1-revoked', expiresAt: new Date(Date.now() - 60_000).toISOString() };
    const run = await syncWith(stored);

    expect(run.answer.batchItemFailures).toEqual([]);
    expect(run.sync).toMatchObject({ status: 'failed', error: 'We are having problems syncing your Etsy orders. Please set up Etsy again.' });
    expect(run.item.problems).toBe(true);
    expect(run.requests.filter((r) => !isToken(r))).toHaveLength(0);
    expect(run.saved).toEqual(stored);
  });
});
