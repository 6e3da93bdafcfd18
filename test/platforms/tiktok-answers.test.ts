import { afterEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/adapters/platforms/connector.js';
import { createTikTokConnector } from '../../functions/adapters/platforms/tiktok.js';
import { tiktok } from './cases/tiktok.js';
import { type FakePlatform, startFakePlatform } from './fake-platform.js';

/**
 * TikTok Shop can put its error in the body of an HTTP 200 ({ code, message }): a token problem still asks the
 * seller to reconnect, its "too many requests" is left to the queue's retry, and no orders are read from either.
 */
describe('TikTok Shop error codes inside a successful HTTP answer', () => {
  let fake: FakePlatform | undefined;
  afterEach(() => fake?.close());

  const answering = async (code: number, message: string) => {
    fake = await startFakePlatform({
      ...tiktok.fake,
      rateLimit: undefined,
      routes: { [tiktok.ordersRoute]: () => ({ body: { code, message, request_id: 'r9', data: {} } }) },
    });
    const connector = createTikTokConnector({ sleep: async () => {} });
    return connector.fetchOrders({ credentials: tiktok.credentials, baseUrl: fake.url }, tiktok.since, undefined).catch((e: unknown) => e);
  };

  it('asks the seller to reconnect on an expired token (105002)', async () => {
    const error = await answering(105002, 'Expired credentials. The access_token is expired.');
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 401, retryable: false, message: expect.stringMatching(/Reconnect TikTok Shop/) });
  });

  it('leaves "too many requests" (36009002) to a later retry', async () => {
    const error = await answering(36009002, 'Too many requests. Please try again later.');
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 429, retryable: true });
  });
});
