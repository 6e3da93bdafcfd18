import { MESSAGES } from '../../shared/api/messages.js';
import { randomBytes } from 'node:crypto';
import { PLATFORM_NAMES, type Platform, storeAddressProblem } from '../../shared/domain/platforms.js';
import type { connectAnswer } from '../../shared/schemas/integrations.js';
import type { z } from 'zod';
import { connectorFor } from '../adapters/platforms/index.js';
import { config } from '../config.js';
import { connectIntegration, startAuthorization } from '../data/integrations.js';
import { markOnboardingStep } from '../data/seller-onboarding.js';
import { sealCredentials } from './credentials.js';
import { InvalidInput, Unavailable } from '../domain/errors.js';
import { logger } from '../observability.js';
import { oauthClient } from './oauth-client.js';
import { integrationStatus } from './status.js';
import { checkStoreAddress } from './store-address.js';

type ConnectAnswer = z.output<typeof connectAnswer>;

/**
 * Sets a platform up (or up again, which clears its problems). An OAuth platform answers the address where the
 * seller grants us access, with a state bound to this seller; the demo store connects at once, with a generated
 * token stored like any other credential.
 */
export async function connectPlatform(sellerId: string, platform: Platform, storeUrl?: string): Promise<ConnectAnswer> {
  const name = PLATFORM_NAMES[platform];
  const connector = connectorFor(platform);
  if (!connector) throw new Unavailable(MESSAGES.platformUnavailable(name));
  const client = connector.authorizeUrl ? await oauthClient(platform) : undefined;
  if (connector.authorizeUrl && !client) {
    logger.warn('platform has no OAuth client configured', { platform });
    throw new Unavailable(MESSAGES.platformUnavailable(name));
  }
  const problem = storeAddressProblem(platform, storeUrl);
  if (problem) throw new InvalidInput({ storeUrl: problem });
  // Live connectors will call the store; the demo connectors never do.
  if (storeUrl && config.PLATFORM_CONNECTORS === 'live') await checkStoreAddress(storeUrl);

  if (connector.authorizeUrl && client) {
    const { clientId } = client.context.client;
    const { redirectUri } = client;
    const codeVerifier = randomBytes(48).toString('base64url');
    const sealedVerifier = await sealCredentials({ extra: { codeVerifier } }, { sellerId, platform });
    const { state, integration } = await startAuthorization(sellerId, platform, { storeUrl, sealedVerifier });
    const authorizeUrl = connector.authorizeUrl({ clientId, redirectUri, state, storeUrl, codeVerifier });
    return { success: true, connected: false, authorizeUrl, integration: integrationStatus(platform, integration) };
  }

  if (config.PLATFORM_CONNECTORS !== 'demo') throw new Unavailable(MESSAGES.platformUnavailable(name));
  const credentials = { accessToken: `demo_${randomBytes(24).toString('base64url')}`, ...(storeUrl ? { storeUrl } : {}) };
  const integration = await connectIntegration(sellerId, platform, {
    sealedCredentials: await sealCredentials(credentials, { sellerId, platform }),
    storeUrl,
  });
  await markOnboardingStep(sellerId, 'platform');
  return { success: true, connected: true, integration: integrationStatus(platform, integration) };
}
