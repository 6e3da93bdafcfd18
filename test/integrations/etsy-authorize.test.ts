import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { rawIntegrationItem } from './support.js';

/**
 * /etsy/Authorize with Etsy's live connector: the address where the seller grants us access. Configuration is read
 * once at load, so this file sets live mode and our client id first, then loads the functions.
 */
let connect: typeof import('../../functions/integrations/connect.js');
let credentials: typeof import('../../functions/integrations/credentials.js');

beforeAll(async () => {
  process.env.PLATFORM_CONNECTORS = 'live';
  process.env.PLATFORM_CLIENT_IDS = JSON.stringify({ etsy: 'etsy-keystring-test' });
  process.env.PLATFORM_OAUTH_REDIRECT_URI = 'https://desk.example.com/settings';
  connect = await import('../../functions/integrations/connect.js');
  credentials = await import('../../functions/integrations/credentials.js');
});

describe('/etsy/Authorize (live)', () => {
  it("answers Etsy's OAuth address with a state bound to the seller and a PKCE S256 challenge of a verifier kept sealed", async () => {
    const seller = await createTestSeller();
    const answer = await connect.connectPlatform(seller.sellerId, 'etsy');
    expect(answer).toMatchObject({ success: true, connected: false, integration: { platform: 'etsy', haveSync: false } });
    const url = new URL(answer.authorizeUrl!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.etsy.com/oauth/connect');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      response_type: 'code',
      client_id: 'etsy-keystring-test',
      redirect_uri: 'https://desk.example.com/settings',
      code_challenge_method: 'S256',
    });

    const item = (await rawIntegrationItem(seller.sellerId, 'etsy'))!;
    expect(q.state).toBe(item.authState);
    expect(q.state!.length).toBeGreaterThanOrEqual(32);
    expect(Date.parse(item.authStateExpiresAt as string)).toBeGreaterThan(Date.now());
    const { extra } = await credentials.openCredentials(item.authVerifier as string, { sellerId: seller.sellerId, platform: 'etsy' });
    const verifier = extra!.codeVerifier!;
    expect(q.code_challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(answer.authorizeUrl).not.toContain(verifier);
    expect(JSON.stringify(item)).not.toContain(verifier);

    // Each authorization gets its own state.
    const again = await connect.connectPlatform(seller.sellerId, 'etsy');
    expect(new URL(again.authorizeUrl!).searchParams.get('state')).not.toBe(q.state);
  });

  it('an OAuth platform without our client id configured cannot be connected: 503 in our words, nothing stored', async () => {
    const seller = await createTestSeller();
    await expect(connect.connectPlatform(seller.sellerId, 'shopify')).rejects.toMatchObject({
      kind: 'unavailable', // answered 503 by http-handler
      message: 'Shopify sync is not available yet.',
    });
    expect(await rawIntegrationItem(seller.sellerId, 'shopify')).toBeUndefined();
  });
});
