import type { Platform } from '../../shared/domain/platforms.js';
import type { IntegrationStatus } from '../../shared/schemas/integrations.js';
import { disconnectIntegration } from '../data/integrations.js';
import { integrationStatus } from './status.js';

/**
 * Stops syncing a platform: its credentials are deleted and it reads as not connected. The orders it brought stay.
 * A platform never set up, or disconnected already, answers as it is: a second click changes nothing.
 */
export async function disconnectPlatform(sellerId: string, platform: Platform): Promise<IntegrationStatus & { success: true }> {
  return { success: true, ...integrationStatus(platform, (await disconnectIntegration(sellerId, platform)) ?? null) };
}
