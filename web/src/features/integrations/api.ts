import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Platform, SETTINGS_PLATFORMS } from '../../../../shared/domain/platforms';
import { api } from '../../lib/api';

export const integrationsKey = ['integrations'] as const;

/** Every platform with its state, in one call. */
export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKey,
    queryFn: ({ signal }) => api('integrations.list', { signal }).then((a) => a.integrations),
  });
}

const hasSettingsCall = (p: Platform): p is (typeof SETTINGS_PLATFORMS)[number] => (SETTINGS_PLATFORMS as readonly Platform[]).includes(p);

/**
 * Connects (or sets up again) a platform through the call the spec gives it: `/{platform}/settings`,
 * `/woocommerce/settings?storeUrl`, `/etsy/Authorize`; the others through `/integrations/connect`.
 */
export function connectPlatform(platform: Platform, storeUrl?: string) {
  if (platform === 'woocommerce') return api('woocommerce.settings', { query: { storeUrl: storeUrl ?? '' } });
  if (platform === 'etsy') return api('etsy.authorize', {});
  if (hasSettingsCall(platform)) return api(`${platform}.settings`, {});
  return api('integrations.connect', { body: { platform, ...(storeUrl ? { storeUrl } : {}) } });
}

/** Connect: OAuth platforms send the seller to grant us access on their own site (and back here); the others are connected now. */
export function useConnectPlatform(platform: Platform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeUrl?: string) => connectPlatform(platform, storeUrl),
    onSuccess: (answer) => {
      if (answer.authorizeUrl) window.location.assign(answer.authorizeUrl);
      else {
        void client.invalidateQueries({ queryKey: integrationsKey });
        // A platform connected is onboarding's platform step: the banner reads the profile again.
        void client.invalidateQueries({ queryKey: ['consultant'] });
      }
    },
  });
}

/** Stops syncing a platform: its credentials are deleted; the orders it brought stay. */
export function useDisconnectPlatform(platform: Platform) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('integrations.disconnect', { body: { platform } }),
    onSuccess: () => client.invalidateQueries({ queryKey: integrationsKey }),
  });
}

export const requestSync = (platform: Platform) => api(`${platform}.ordersresync`, {});

export const getLastSync = (lastClick: string, signal?: AbortSignal) => api('upload.getLastSync', { query: { lastClick }, signal });

/** The seller back from an OAuth platform's consent page: its code and our state, exchanged by the server. */
export const completeOAuthReturn = (query: { code: string; state: string; platform?: Platform; instanceId?: string }) =>
  api('integrations.oauthReturn', { query });
