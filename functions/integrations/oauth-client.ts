import type { Platform } from '../../shared/domain/platforms.js';
import type { OAuthContext } from '../adapters/platforms/connector.js';
import { secretSettings } from '../adapters/secrets.js';
import { config } from '../config.js';

/**
 * Our app at an OAuth platform, from configuration: its client id (and secret, for token calls) and where the
 * platform sends the seller back. Undefined when the platform is not set up for us, which the seller reads as
 * "not available yet". The client secrets are secret settings (functions/adapters/secrets.ts).
 */
export async function oauthClient(platform: Platform): Promise<{ context: OAuthContext; redirectUri: string } | undefined> {
  const clientId = config.PLATFORM_CLIENT_IDS[platform];
  const redirectUri = config.PLATFORM_OAUTH_REDIRECT_URI;
  if (!clientId || !redirectUri) return undefined;
  const clientSecret = (await secretSettings()).PLATFORM_CLIENT_SECRETS[platform];
  const baseUrl = config.PLATFORM_BASE_URLS[platform];
  return { redirectUri, context: { client: { clientId, ...(clientSecret ? { clientSecret } : {}) }, ...(baseUrl ? { baseUrl } : {}) } };
}
