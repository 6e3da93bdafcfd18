import { createHash } from 'node:crypto';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { type FakePlatform, type FakeRequest, startFakePlatform } from '../platforms/fake-platform.js';
import { rawIntegrationItem } from './support.js';

/**
 * GET /integrations/oauthReturn end to end: the integrations handler in this process (live Etsy connector, our
 * client id and secret) with a signed-in seller's real token, DynamoDB Local, the sealed credentials, and Etsy's
 * token endpoint and shops call as a loopback fake. Configuration is read once at load, so it is set first.
 */
let handler: typeof import('../../functions/http/integrations.js').handler;
let credentials: typeof import('../../functions/integrations/credentials.js');
let fake: FakePlatform;
const ACCESS = '777001.etsy-access-token-secret';
const REFRESH = '777001.etsy-refresh-token-secret';
const challenges = new Map<string, string>();

const tokenRequests = () => fake.requests.filter((r) => r.path === '/v3/public/oauth/token');

beforeAll(async () => {
  fake = await startFakePlatform({
    authorized: (r: FakeRequest) => (r.path.startsWith('/v3/public') ? r.json.client_id === 'etsy-keystring' : r.headers['x-api-key'] === 'etsy-keystring:etsy-secret'),
    unauthorized: { body: { error: 'invalid_client' } },
    routes: {
      // PKCE as Etsy checks it: the verifier must hash to the challenge the consent address carried for this code.
      'POST /v3/public/oauth/token': (r) => {
        const challenge = challenges.get(String(r.json.code));
        const verifier = String(r.json.code_verifier ?? '');
        if (!challenge || createHash('sha256').update(verifier).digest('base64url') !== challenge) return { status: 400, body: { error: 'invalid_grant', error_description: 'code_verifier is invalid' } };
        return { body: { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH } };
      },
      'GET /v3/application/users/777001/shops': () => ({ body: { shop_id: 9001, shop_name: 'Wicks' } }),
    },
  });
  process.env.PLATFORM_CONNECTORS = 'live';
  process.env.PLATFORM_CLIENT_IDS = JSON.stringify({ etsy: 'etsy-keystring' });
  process.env.PLATFORM_CLIENT_SECRETS = JSON.stringify({ etsy: 'etsy-secret' });
  process.env.PLATFORM_BASE_URLS = JSON.stringify({ etsy: `${fake.url}/v3/application` });
  process.env.PLATFORM_OAUTH_REDIRECT_URI = 'https://desk.example.com/settings';
  handler = (await import('../../functions/http/integrations.js')).handler;
  credentials = await import('../../functions/integrations/credentials.js');
});
afterAll(() => fake?.close());

async function call(seller: TestSeller, path: string, query: Record<string, string> = {}) {
  const rawQueryString = new URLSearchParams(query).toString();
  const res = (await handler(
    {
      version: '2.0',
      routeKey: `GET /api${path}`,
      rawPath: `/api${path}`,
      rawQueryString,
      queryStringParameters: query,
      headers: { authorization: `Bearer ${seller.idToken}` },
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: `/api${path}` }, requestId: crypto.randomUUID() },
    } as unknown as APIGatewayProxyEventV2,
    undefined,
  )) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: String(res.body), json: JSON.parse(String(res.body)) };
}

/** /etsy/Authorize as the screen calls it; the code Etsy would send back is bound to its challenge in the fake. */
async function authorize(seller: TestSeller) {
  const res = await call(seller, '/etsy/Authorize');
  expect(res.status).toBe(200);
  const url = new URL(res.json.authorizeUrl);
  const state = url.searchParams.get('state')!;
  const code = `code-${state.slice(0, 8)}`;
  challenges.set(code, url.searchParams.get('code_challenge')!);
  return { state, code };
}

describe('GET /integrations/oauthReturn (Etsy, live)', { timeout: 60_000 }, () => {
  it('exchanges the code with the PKCE verifier, stores the credentials sealed, never answers them, and uses a state once', async () => {
    const seller = await createTestSeller();
    const { state, code } = await authorize(seller);
    const res = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code, state });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      platform: 'etsy',
      next: '/settings#integration',
      message: 'Etsy is connected. Click Sync Orders to bring in your orders.',
      integration: { platform: 'etsy', haveSync: true, problems: false },
    });
    expect(res.body).not.toContain('etsy-access-token-secret');
    expect(res.body).not.toContain('etsy-refresh-token-secret');

    const item = (await rawIntegrationItem(seller.sellerId, 'etsy'))!;
    expect(item.connected).toBe(true);
    expect(item.authState).toBeUndefined();
    expect(item.authVerifier).toBeUndefined();
    expect(JSON.stringify(item)).not.toContain('etsy-access-token-secret');
    expect(JSON.stringify(item)).not.toContain('etsy-refresh-token-secret');
    const opened = await credentials.openCredentials(item.credentials as string, { sellerId: seller.sellerId, platform: 'etsy' });
    expect(opened).toMatchObject({ accessToken: ACCESS, refreshToken: REFRESH, apiKey: 'etsy-keystring', apiSecret: 'etsy-secret', extra: { shopId: '9001' } });
    expect(Date.parse(opened.expiresAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The same return again (a reload, a replayed address): the state is spent.
    const again = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code, state });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This sign-in is not one we started for you, or it was already used. Please connect the platform again.');
    expect(tokenRequests().filter((r) => r.json.code === code)).toHaveLength(1);
  });

  it("another seller's state is refused in plain words and nothing is stored for either seller", async () => {
    const owner = await createTestSeller();
    const other = await createTestSeller();
    const { state, code } = await authorize(owner);
    const before = tokenRequests().length;
    const res = await call(other, '/integrations/oauthReturn', { platform: 'etsy', code, state });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('This sign-in is not one we started for you, or it was already used. Please connect the platform again.');
    expect(tokenRequests()).toHaveLength(before);
    expect(await rawIntegrationItem(other.sellerId, 'etsy')).toBeUndefined();
    const ownerItem = (await rawIntegrationItem(owner.sellerId, 'etsy'))!;
    expect(ownerItem.connected).toBe(false);
    expect(ownerItem.credentials).toBeUndefined();
    expect(ownerItem.authState).toBe(state);
  });

  it('an unknown state, a state of another platform and a missing code are refused; nothing stored', async () => {
    const seller = await createTestSeller();
    const { state, code } = await authorize(seller);
    const unknown = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code, state: 'not-a-state-we-made' });
    expect(unknown.status).toBe(400);
    const otherPlatform = await call(seller, '/integrations/oauthReturn', { platform: 'wix', code, state });
    expect(otherPlatform.status).toBe(400);
    const noCode = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', state });
    expect(noCode.status).toBe(400);
    expect(noCode.json.message).toBe('The platform sent no sign-in code. Please connect again.');
    const item = (await rawIntegrationItem(seller.sellerId, 'etsy'))!;
    expect(item.connected).toBe(false);
    expect(item.credentials).toBeUndefined();
  });

  it('an expired state is refused in plain words, without asking Etsy', async () => {
    const seller = await createTestSeller();
    const { state, code } = await authorize(seller);
    await new DynamoDBClient({}).send(
      new UpdateItemCommand({
        TableName: process.env.TABLE_NAME,
        Key: { pk: { S: `CONSULTANT#${seller.sellerId}` }, sk: { S: 'INTEGRATION#etsy' } },
        UpdateExpression: 'SET authStateExpiresAt = :past',
        ExpressionAttributeValues: { ':past': { S: new Date(Date.now() - 1000).toISOString() } },
      }),
    );
    const before = tokenRequests().length;
    const res = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code, state });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The Etsy sign-in took too long. Please connect Etsy again.');
    expect(tokenRequests()).toHaveLength(before);
    expect((await rawIntegrationItem(seller.sellerId, 'etsy'))!.connected).toBe(false);
  });

  it('a code Etsy refuses is a 400 in plain words, nothing stored, and the seller can still finish with a good code', async () => {
    const seller = await createTestSeller();
    const { state, code } = await authorize(seller);
    const refused = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code: 'a-code-etsy-never-gave', state });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Etsy did not accept the sign-in. Please connect Etsy again.');
    expect((await rawIntegrationItem(seller.sellerId, 'etsy'))!.credentials).toBeUndefined();
    const ok = await call(seller, '/integrations/oauthReturn', { platform: 'etsy', code, state });
    expect(ok.status).toBe(200);
  });
});
