import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { PLATFORM_NAMES } from '../../shared/domain/platforms.js';
import type { oauthReturnAnswer, oauthReturnQuery } from '../../shared/schemas/integrations.js';
import { PlatformError } from '../adapters/platforms/connector.js';
import { connectorFor } from '../adapters/platforms/index.js';
import { completeAuthorization, getIntegration, type Integration, listIntegrations } from '../data/integrations.js';
import { Refused, Unavailable } from '../domain/errors.js';
import { logger } from '../observability.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { oauthClient } from './oauth-client.js';
import { INTEGRATION_MESSAGES, integrationStatus } from './status.js';

type OAuthReturn = z.output<typeof oauthReturnQuery>;
type OAuthReturnAnswer = z.output<typeof oauthReturnAnswer>;

/** What the seller reads when the return cannot connect the platform; nothing is stored in any of these cases. */
export const OAUTH_RETURN_MESSAGES = {
  unknownState: 'This sign-in is not one we started for you, or it was already used. Please connect the platform again.',
  expired: (name: string) => `The ${name} sign-in took too long. Please connect ${name} again.`,
  refused: (name: string) => `${name} did not accept the sign-in. Please connect ${name} again.`,
  connected: (name: string) => `${name} is connected. Click Sync Orders to bring in your orders.`,
} as const;

/** Where the screen goes after a return: the integration settings. */
const NEXT = '/settings#integration';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The seller's own authorization in progress that this state belongs to (looked up among their items only). */
async function authorizationOf(sellerId: string, state: string): Promise<Integration | undefined> {
  return (await listIntegrations(sellerId)).find((i) => i.authState !== undefined && sameText(i.authState, state));
}

/**
 * The seller is back from an OAuth platform's consent page. The state must be one this seller started, for the
 * platform the address names, not older than its 10 minutes; the code is exchanged at the platform's token
 * endpoint and the credentials stored sealed, replacing the state (so a code is used once).
 */
export async function completePlatformAuthorization(sellerId: string, returned: OAuthReturn): Promise<OAuthReturnAnswer> {
  const integration = await authorizationOf(sellerId, returned.state);
  if (!integration || (returned.platform && returned.platform !== integration.platform)) throw new Refused(OAUTH_RETURN_MESSAGES.unknownState);
  const { platform } = integration;
  const name = PLATFORM_NAMES[platform];
  if (!integration.authStateExpiresAt || Date.parse(integration.authStateExpiresAt) <= Date.now()) throw new Refused(OAUTH_RETURN_MESSAGES.expired(name));

  const connector = connectorFor(platform);
  const client = await oauthClient(platform);
  if (!connector?.exchangeCode || !client) throw new Unavailable(INTEGRATION_MESSAGES.unavailable(name));

  const owner = { sellerId, platform };
  const codeVerifier = integration.authVerifier ? (await openCredentials(integration.authVerifier, owner)).extra?.codeVerifier : undefined;
  let credentials: Awaited<ReturnType<NonNullable<typeof connector.exchangeCode>>>;
  try {
    credentials = await connector.exchangeCode(client.context, {
      code: returned.code,
      redirectUri: client.redirectUri,
      ...(codeVerifier ? { codeVerifier } : {}),
      ...(integration.storeUrl ? { storeUrl: integration.storeUrl } : {}),
      ...(returned.instanceId ? { returned: { instanceId: returned.instanceId } } : {}),
    });
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    logger.warn('platform refused the OAuth code', { platform, status: err.status, retryable: err.retryable });
    if (err.retryable) throw new Unavailable(INTEGRATION_MESSAGES.unreachable(name));
    throw new Refused(OAUTH_RETURN_MESSAGES.refused(name));
  }

  const stored = await completeAuthorization(sellerId, platform, integration.authState!, await sealCredentials(credentials, owner));
  if (!stored) throw new Refused(OAUTH_RETURN_MESSAGES.unknownState);
  return { success: true, platform, message: OAUTH_RETURN_MESSAGES.connected(name), next: NEXT, integration: integrationStatus(platform, await getIntegration(sellerId, platform)) };
}
