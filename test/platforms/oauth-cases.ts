import type { CodeExchange, OAuthClient, PlatformConnector, PlatformCredentials } from '../../functions/adapters/platforms/connector.js';
import { createEbayConnector } from '../../functions/adapters/platforms/ebay.js';
import { createEtsyConnector } from '../../functions/adapters/platforms/etsy.js';
import type { ConnectorOptions } from '../../functions/adapters/platforms/http.js';
import { createShopifyConnector } from '../../functions/adapters/platforms/shopify.js';
import { createSquareConnector } from '../../functions/adapters/platforms/square.js';
import { createSquarespaceConnector } from '../../functions/adapters/platforms/squarespace.js';
import { createWixConnector } from '../../functions/adapters/platforms/wix.js';
import type { Platform } from '../../shared/domain/platforms.js';
import type { FakeAnswer, FakePlatformConfig, FakeRequest } from './fake-platform.js';
import { basic, header } from './platform-case.js';

/**
 * The OAuth token endpoint of each OAuth platform as a loopback fake: our client checked the platform's way, the
 * documented answer for the good code or refresh token, the platform's documented error answer for anything else.
 */
export const GOOD_CODE = 'good-code';
export const OLD_REFRESH = 'refresh-token-1';
export const REDIRECT = 'https://desk.example.com/settings';
export const VERIFIER = 'pkce-verifier-0123456789-0123456789-0123456789';

export interface OAuthCase {
  platform: Platform;
  create(options: ConnectorOptions): PlatformConnector;
  client: OAuthClient;
  /** Appended to the fake's address to make the connector's API base URL. */
  basePath?: string;
  exchange: Omit<CodeExchange, 'code'>;
  fake: FakePlatformConfig;
  /** What the good code must become (the expiry checked apart, as a lifetime). */
  credentials: PlatformCredentials;
  /** The access token's lifetime the platform grants, in seconds (none: it does not expire). */
  lifetimeSeconds?: number;
  /** Platforms whose tokens expire: credentials after refreshing OLD_REFRESH. */
  refreshed?: PlatformCredentials;
}

const bearerOf = (r: FakeRequest) => header(r, 'authorization');
const field = (r: FakeRequest, name: string) => r.json[name] as string | undefined;
/** An answer per grant: the code, or the refresh token, each good one answered, anything else refused. */
const grants =
  (good: { code: () => FakeAnswer; refresh?: () => FakeAnswer }, refusal: FakeAnswer, codeField = 'code') =>
  (r: FakeRequest): FakeAnswer => {
    const grant = field(r, 'grant_type');
    if ((grant === 'authorization_code' || grant === undefined) && field(r, codeField) === GOOD_CODE) return good.code();
    if (grant === 'refresh_token' && good.refresh && field(r, 'refresh_token') === OLD_REFRESH) return good.refresh();
    return { status: 400, ...refusal };
  };
const oauthError = (description: string): FakeAnswer => ({ body: { error: 'invalid_grant', error_description: description } });

const etsyRoute = 'POST /v3/public/oauth/token';
export const OAUTH_CASES: OAuthCase[] = [
  {
    platform: 'etsy',
    create: createEtsyConnector,
    client: { clientId: 'etsy-keystring', clientSecret: 'etsy-shared-secret' },
    basePath: '/v3/application',
    exchange: { redirectUri: REDIRECT, codeVerifier: VERIFIER },
    fake: {
      // The token endpoint takes the keystring as client_id in the form; the shops call the key header and token.
      authorized: (r) =>
        r.path === '/v3/public/oauth/token'
          ? field(r, 'client_id') === 'etsy-keystring' && (field(r, 'grant_type') === 'refresh_token' || (field(r, 'code_verifier') === VERIFIER && field(r, 'redirect_uri') === REDIRECT))
          : header(r, 'x-api-key') === 'etsy-keystring:etsy-shared-secret' && bearerOf(r) === 'Bearer 12345678.etsy-access-1',
      unauthorized: { body: { error: 'invalid_client', error_description: 'client_id or code_verifier is wrong' } },
      routes: {
        [etsyRoute]: grants(
          {
            code: () => ({ body: { access_token: '12345678.etsy-access-1', token_type: 'Bearer', expires_in: 3600, refresh_token: '12345678.etsy-refresh-1' } }),
            refresh: () => ({ body: { access_token: '12345678.etsy-access-2', token_type: 'Bearer', expires_in: 3600, refresh_token: '12345678.etsy-refresh-2' } }),
          },
          oauthError('code has expired'),
        ),
        'GET /v3/application/users/12345678/shops': () => ({ body: { shop_id: 5551, shop_name: 'CandleShop', user_id: 12345678 } }),
      },
    },
    credentials: { apiKey: 'etsy-keystring', apiSecret: 'etsy-shared-secret', accessToken: '12345678.etsy-access-1', refreshToken: '12345678.etsy-refresh-1', extra: { shopId: '5551' } },
    lifetimeSeconds: 3600,
    refreshed: { apiKey: 'etsy-keystring', apiSecret: 'etsy-shared-secret', accessToken: '12345678.etsy-access-2', refreshToken: '12345678.etsy-refresh-2', extra: { shopId: '5551' } },
  },
  {
    platform: 'ebay',
    create: createEbayConnector,
    client: { clientId: 'ebay-app-id', clientSecret: 'ebay-cert-id' },
    basePath: '/sell/fulfillment/v1',
    exchange: { redirectUri: 'Seller-Desk-RuName' },
    fake: {
      authorized: (r) => bearerOf(r) === basic('ebay-app-id', 'ebay-cert-id') && (field(r, 'grant_type') === 'refresh_token' ? Boolean(field(r, 'scope')) : field(r, 'redirect_uri') === 'Seller-Desk-RuName'),
      unauthorized: { body: { error: 'invalid_client', error_description: 'client authentication failed' } },
      routes: {
        'POST /identity/v1/oauth2/token': grants(
          {
            code: () => ({ body: { access_token: 'v^1.1#ebay-access-1', expires_in: 7200, refresh_token: 'v^1.1#ebay-refresh-1', refresh_token_expires_in: 47304000, token_type: 'User Access Token' } }),
            // eBay's refresh answer has no refresh token: the one stored stays.
            refresh: () => ({ body: { access_token: 'v^1.1#ebay-access-2', expires_in: 7200, token_type: 'User Access Token' } }),
          },
          oauthError('the provided authorization grant code is invalid or was issued to another client'),
        ),
      },
    },
    credentials: { accessToken: 'v^1.1#ebay-access-1', refreshToken: 'v^1.1#ebay-refresh-1' },
    lifetimeSeconds: 7200,
    refreshed: { accessToken: 'v^1.1#ebay-access-2', refreshToken: OLD_REFRESH },
  },
  {
    platform: 'wix',
    create: createWixConnector,
    client: { clientId: 'wix-app-id', clientSecret: 'wix-app-secret' },
    exchange: { redirectUri: REDIRECT, returned: { instanceId: 'wix-instance-7' } },
    fake: {
      authorized: (r) => field(r, 'client_id') === 'wix-app-id' && field(r, 'client_secret') === 'wix-app-secret',
      unauthorized: { body: { message: 'invalid client', details: { applicationError: { code: 'INVALID_CLIENT' } } } },
      routes: {
        'POST /oauth/access': grants(
          {
            code: () => ({ body: { access_token: 'OauthNG.JWS.wix-access-1', refresh_token: 'OauthNG.JWS.wix-refresh-1' } }),
            refresh: () => ({ body: { access_token: 'OauthNG.JWS.wix-access-2', refresh_token: 'OauthNG.JWS.wix-refresh-2' } }),
          },
          { body: { message: 'Invalid authorization code', details: { applicationError: { code: 'INVALID_GRANT' } } } },
        ),
      },
    },
    credentials: { accessToken: 'OauthNG.JWS.wix-access-1', refreshToken: 'OauthNG.JWS.wix-refresh-1', extra: { instanceId: 'wix-instance-7' } },
    lifetimeSeconds: 300,
    refreshed: { accessToken: 'OauthNG.JWS.wix-access-2', refreshToken: 'OauthNG.JWS.wix-refresh-2' },
  },
  {
    platform: 'squarespace',
    create: createSquarespaceConnector,
    client: { clientId: 'sqsp-client', clientSecret: 'sqsp-secret' },
    basePath: '/1.0',
    exchange: { redirectUri: REDIRECT },
    fake: {
      authorized: (r) => bearerOf(r) === basic('sqsp-client', 'sqsp-secret') && Boolean(header(r, 'user-agent')?.includes('ConsultantDesk')),
      unauthorized: { body: { type: 'AUTHORIZATION_ERROR', message: 'Client credentials are invalid' } },
      routes: {
        'POST /api/1/login/oauth/provider/tokens': grants(
          {
            code: () => ({ body: { token_type: 'bearer', access_token: 'sqsp-access-1', access_token_expires_at: Date.now() / 1000 + 1800, refresh_token: 'sqsp-refresh-1', refresh_token_expires_at: Date.now() / 1000 + 604800 } }),
            refresh: () => ({ body: { token_type: 'bearer', access_token: 'sqsp-access-2', access_token_expires_at: Date.now() / 1000 + 1800, refresh_token: 'sqsp-refresh-2', refresh_token_expires_at: Date.now() / 1000 + 604800 } }),
          },
          { body: { type: 'INVALID_REQUEST_ERROR', message: 'Authorization code is invalid' } },
        ),
      },
    },
    credentials: { accessToken: 'sqsp-access-1', refreshToken: 'sqsp-refresh-1' },
    lifetimeSeconds: 1800,
    refreshed: { accessToken: 'sqsp-access-2', refreshToken: 'sqsp-refresh-2' },
  },
  {
    platform: 'square',
    create: createSquareConnector,
    client: { clientId: 'sq0idp-app', clientSecret: 'sq0csp-secret' },
    exchange: { redirectUri: REDIRECT },
    fake: {
      authorized: (r) => field(r, 'client_id') === 'sq0idp-app' && field(r, 'client_secret') === 'sq0csp-secret',
      unauthorized: { body: { message: 'Not Authorized', type: 'service.not_authorized' } },
      routes: {
        'POST /oauth2/token': grants(
          {
            code: () => ({ body: { access_token: 'EAAAE-square-1', token_type: 'bearer', expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(), merchant_id: 'ML2PMZ', refresh_token: 'EQAAE-refresh-1', short_lived: false } }),
            refresh: () => ({ body: { access_token: 'EAAAE-square-2', token_type: 'bearer', expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(), merchant_id: 'ML2PMZ', refresh_token: OLD_REFRESH } }),
          },
          { body: { message: 'Authorization code is already redeemed', type: 'bad_request.already_redeemed' } },
        ),
      },
    },
    credentials: { accessToken: 'EAAAE-square-1', refreshToken: 'EQAAE-refresh-1', extra: { merchantId: 'ML2PMZ' } },
    lifetimeSeconds: 30 * 86400,
    refreshed: { accessToken: 'EAAAE-square-2', refreshToken: OLD_REFRESH },
  },
  {
    platform: 'shopify',
    create: createShopifyConnector,
    client: { clientId: 'shopify-api-key', clientSecret: 'shopify-api-secret' },
    exchange: { redirectUri: REDIRECT, storeUrl: 'https://candles.myshopify.com' },
    fake: {
      authorized: (r) => field(r, 'client_id') === 'shopify-api-key' && field(r, 'client_secret') === 'shopify-api-secret',
      unauthorized: { body: { error: 'invalid_client', error_description: 'Client credentials are invalid' } },
      routes: {
        'POST /admin/oauth/access_token': grants(
          { code: () => ({ body: { access_token: 'shpat_offline_1', scope: 'read_orders,read_customers' } }) },
          { body: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' } },
        ),
      },
    },
    credentials: { accessToken: 'shpat_offline_1', storeUrl: 'https://candles.myshopify.com' },
  },
];
