import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeEasyPost, startFakeEasyPost } from '../shipping/easypost-fake.js';

/**
 * The deployed functions' secret settings (functions/adapters/secrets.ts). Secrets Manager has no emulator in the
 * local cloud, so its answers are mocked; everything else is real (the EasyPost call goes to its loopback fake).
 * functions/config.ts reads the environment once at load: each case loads the modules afresh under its own.
 */
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:ProviderCredentials-AbCdEf';
const PARCEL = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

let easyPost: FakeEasyPost;
beforeAll(async () => {
  easyPost = await startFakeEasyPost('EZAK_from_the_secret');
});
afterAll(() => easyPost.close());

async function load(env: Record<string, string | undefined>, secret?: string | Error) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const secrets = await import('../../functions/adapters/secrets.js');
  const { logger } = await import('../../functions/observability.js');
  const sm = mockClient(secrets.secretsManager);
  if (secret instanceof Error) sm.on(GetSecretValueCommand).rejects(secret);
  else if (secret !== undefined) sm.on(GetSecretValueCommand).resolves({ SecretString: secret });
  const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  return { ...secrets, sm, logged };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('secret settings in AWS (PROVIDER_CREDENTIALS_ARN set)', () => {
  it('merges the secret over the configuration, reading it once per container', async () => {
    const secret = JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_from_secret', PLATFORM_CLIENT_SECRETS: { etsy: 'etsy-secret', ebay: 'ebay-secret' } });
    const { secretSettings, sm } = await load({ PROVIDER_CREDENTIALS_ARN: ARN, EASYPOST_API_KEY: 'EZAK_from_env' }, secret);

    const answers = await Promise.all([secretSettings(), secretSettings(), secretSettings()]);
    expect(await secretSettings()).toBe(answers[0]);
    expect(answers[0]).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_from_secret',
      EASYPOST_API_KEY: 'EZAK_from_env',
      PLATFORM_CLIENT_SECRETS: { etsy: 'etsy-secret', ebay: 'ebay-secret' },
    });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: ARN });
  });

  it("takes PLATFORM_CLIENT_SECRETS as the environment's JSON text too, and treats empty values as not filled", async () => {
    const secret = JSON.stringify({ STRIPE_SECRET_KEY: '', EASYPOST_API_KEY: 'EZAK_x', PLATFORM_CLIENT_SECRETS: '{"wix":"wix-secret"}' });
    const { secretSettings } = await load({ PROVIDER_CREDENTIALS_ARN: ARN }, secret);
    expect(await secretSettings()).toEqual({ STRIPE_SECRET_KEY: undefined, EASYPOST_API_KEY: 'EZAK_x', PLATFORM_CLIENT_SECRETS: { wix: 'wix-secret' } });
  });

  it("builds the carrier with the secret's EasyPost key: the real API accepts it", async () => {
    await load({ PROVIDER_CREDENTIALS_ARN: ARN, CARRIER: 'easypost', EASYPOST_BASE_URL: `${easyPost.url}/v2` }, JSON.stringify({ EASYPOST_API_KEY: 'EZAK_from_the_secret' }));
    const { carrier } = await import('../../functions/adapters/carriers/index.js');
    const rates = await (await carrier()).rates('78701', { zip: '98101' }, PARCEL);
    expect(rates.length).toBeGreaterThan(0);
    expect(easyPost.requests.at(-1)!.auth).toBe(`Basic ${Buffer.from('EZAK_from_the_secret:').toString('base64')}`);
  });

  it("gives the platform's OAuth client its secret from the secret", async () => {
    await load(
      {
        PROVIDER_CREDENTIALS_ARN: ARN,
        PLATFORM_CONNECTORS: 'live',
        PLATFORM_CLIENT_IDS: JSON.stringify({ ebay: 'ebay-app-id' }),
        PLATFORM_OAUTH_REDIRECT_URI: 'https://desk.example.com/settings',
      },
      JSON.stringify({ PLATFORM_CLIENT_SECRETS: { ebay: 'ebay-cert-id' } }),
    );
    const { oauthClient } = await import('../../functions/integrations/oauth-client.js');
    expect(await oauthClient('ebay')).toEqual({
      redirectUri: 'https://desk.example.com/settings',
      context: { client: { clientId: 'ebay-app-id', clientSecret: 'ebay-cert-id' } },
    });
  });

  it.each([
    ['not JSON', '{"STRIPE_SECRET_KEY": "sk_live_leak', /is not JSON/],
    ['not an object', '["sk_live_leak"]', /is not a JSON object/],
    ['a setting of the wrong shape', JSON.stringify({ STRIPE_SECRET_KEY: 'sk_live_leak', PLATFORM_CLIENT_SECRETS: { myspace: 'x' } }), /has invalid PLATFORM_CLIENT_SECRETS/],
    ["CDK's generated placeholder (never filled)", 'Xk9#sk_live_leak', /is not JSON/],
  ])('a garbled secret (%s) is a clear error in the logs, never quoting it, and Stripe is not replaced by the sandbox', async (_, text, problem) => {
    const { logged } = await load({ PROVIDER_CREDENTIALS_ARN: ARN, PAYMENT_PROCESSOR: 'stripe' }, text);
    const { paymentGateway } = await import('../../functions/payments/gateway.js');
    const charge = paymentGateway().chargeSaved({ sellerId: 'no-such-seller', amountCents: 500, description: 'x', idempotencyKey: 'k' });
    await expect(charge).rejects.toThrow(problem);
    await expect(charge).rejects.toThrow(ARN);
    await expect(charge).rejects.toThrow('docs/deploy.md');
    expect(logged).toHaveBeenCalledWith('provider credentials secret unusable', expect.objectContaining({ secretId: ARN }));
    expect(JSON.stringify(logged.mock.calls, (_k, v) => (v instanceof Error ? v.message : v))).not.toContain('sk_live_leak');
  });

  it("a secret without the chosen provider's key is an error naming the key, not the sandbox carrier", async () => {
    const { logged } = await load({ PROVIDER_CREDENTIALS_ARN: ARN, CARRIER: 'easypost' }, JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_1', EASYPOST_API_KEY: '' }));
    const { carrier } = await import('../../functions/adapters/carriers/index.js');
    await expect(carrier()).rejects.toThrow(`EASYPOST_API_KEY is missing from the provider credentials secret ${ARN}`);
    expect(logged).toHaveBeenCalledWith('provider credentials incomplete', expect.objectContaining({ setting: 'EASYPOST_API_KEY' }));
  });

  it('a failed read is logged and not kept: the next call reads again', async () => {
    const denied = Object.assign(new Error('User is not authorized to perform secretsmanager:GetSecretValue'), { name: 'AccessDeniedException' });
    const { secretSettings, sm, logged } = await load({ PROVIDER_CREDENTIALS_ARN: ARN }, denied);
    await expect(secretSettings()).rejects.toThrow(`The provider credentials secret ${ARN} could not be read (AccessDeniedException)`);
    expect(logged).toHaveBeenCalledWith('provider credentials secret unusable', expect.objectContaining({ secretId: ARN }));

    sm.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_2' }) });
    expect((await secretSettings()).STRIPE_SECRET_KEY).toBe('sk_test_2');
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });
});

describe('secret settings locally (no PROVIDER_CREDENTIALS_ARN)', () => {
  it('come from the environment as before, and Secrets Manager is never asked', async () => {
    const { secretSettings, sm } = await load({ PROVIDER_CREDENTIALS_ARN: undefined, STRIPE_SECRET_KEY: 'sk_test_env', PLATFORM_CLIENT_SECRETS: '{"etsy":"e"}' });
    expect(await secretSettings()).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_env', PLATFORM_CLIENT_SECRETS: { etsy: 'e' } });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });

  it('a missing key for the chosen processor still fails loudly rather than charging through the sandbox', async () => {
    await load({ PROVIDER_CREDENTIALS_ARN: undefined, STRIPE_SECRET_KEY: undefined, PAYMENT_PROCESSOR: 'stripe' });
    const { paymentGateway } = await import('../../functions/payments/gateway.js');
    expect(paymentGateway().processor).toBe('stripe');
    await expect(
      paymentGateway().saveMethod({ sellerId: 'no-such-seller', token: 'tok_x' }),
    ).rejects.toThrow('STRIPE_SECRET_KEY is missing from the environment');
  });
});
