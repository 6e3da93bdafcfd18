import { markOnboardingStep } from '../data/seller-onboarding.js';
import { MESSAGES } from '../../shared/api/messages.js';
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
import { integrationStatus } from './status.js';

type OAuthReturn = z.output<typeof oauthReturnQuery>;
type OAuthReturnAnswer = z.output<typeof oauthReturnAnswer>;

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
  if (!integration || (returned.platform && returned.platform !== integration.platform)) throw new Refused(MESSAGES.oauthUnknownState);
  const { platform } = integration;
  const name = PLATFORM_NAMES[platform];
  if (!integration.authStateExpiresAt || Date.parse(integration.authStateExpiresAt) <= Date.now()) throw new Refused(MESSAGES.oauthExpired(name));

  const connector = connectorFor(platform);
  const client = await oauthClient(platform);
  if (!connector?.exchangeCode || !client) throw new Unavailable(MESSAGES.platformUnavailable(name));

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
    if (err.retryable) throw new Unavailable(MESSAGES.platformUnreachable(name));
    throw new Refused(MESSAGES.oauthRefused(name));
  }

  const stored = await completeAuthorization(sellerId, platform, integration.authState!, await sealCredentials(credentials, owner));
  if (!stored) throw new Refused(MESSAGES.oauthUnknownState);
  await markOnboardingStep(sellerId, 'platform');
  return { success: true, platform, message: MESSAGES.oauthConnected(name), next: NEXT, integration: integrationStatus(platform, await getIntegration(sellerId, platform)) };
}
