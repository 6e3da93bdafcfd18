import { MESSAGES } from '../../shared/api/messages.js';
import { PLATFORM_NAMES, type Platform } from '../../shared/domain/platforms.js';
import { type PlatformConnector, type PlatformCredentials, PlatformError } from '../adapters/platforms/connector.js';
import { getIntegration, replaceCredentials } from '../data/integrations.js';
import { logger } from '../observability.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { oauthClient } from './oauth-client.js';

/** A seller's credentials as the sync worker holds them: opened, and the sealed text they were opened from. */
export interface HeldCredentials {
  credentials: PlatformCredentials;
  sealed: string;
}

/**
 * New credentials from the platform's refresh_token grant, sealed and saved before any order is fetched with them
 * (a platform that rotates its refresh token has spent the old one). The save is conditional on the stored ones
 * still being those refreshed: when another delivery or a new connection replaced them meanwhile, those are used.
 * A refused refresh token is the platform's PlatformError (not retryable): the seller has to connect again.
 */
export async function refreshCredentials(sellerId: string, platform: Platform, connector: PlatformConnector, held: HeldCredentials): Promise<HeldCredentials> {
  const name = PLATFORM_NAMES[platform];
  const client = await oauthClient(platform);
  if (!connector.refresh || !client) throw new PlatformError(MESSAGES.platformUnavailable(name), 503, true);
  const owner = { sellerId, platform };
  const credentials = await connector.refresh(client.context, held.credentials);
  const sealed = await sealCredentials(credentials, owner);
  if (await replaceCredentials(sellerId, platform, held.sealed, sealed)) {
    logger.info('platform access token refreshed', { platform, expiresAt: credentials.expiresAt });
    return { credentials, sealed };
  }
  const current = (await getIntegration(sellerId, platform))?.credentials;
  if (!current) throw new PlatformError(MESSAGES.platformNotConnected(name), 409, false);
  return { credentials: await openCredentials(current, owner), sealed: current };
}
