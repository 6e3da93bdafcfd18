import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import { HAVE_SYNC_PLATFORMS, PLATFORMS, type Platform, SETTINGS_PLATFORMS } from '../../shared/domain/platforms.js';
import { connectPlatform } from '../integrations/connect.js';
import { disconnectPlatform } from '../integrations/disconnect.js';
import { completePlatformAuthorization } from '../integrations/oauth-return.js';
import { requestPlatformSync } from '../integrations/resync.js';
import { platformStatus, platformStatuses } from '../integrations/status.js';
import { integrationsRoutes } from '../../shared/api/routes/integrations.js';
import { type Action, httpHandler, readsOnly } from './http-handler.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

/**
 * Whether the platform is connected, syncing or in trouble (havesync; /controlpad/sync and /tiktok/sync too). A read
 * that needs only the seller's id, as the list is: started beside the plan gate's profile read.
 */
const status = (platform: Platform): A<'controlpad.sync' | 'tiktok.sync'> => readsOnly(({ sellerId }) => platformStatus(sellerId, platform));

/** Set the platform up, or up again (the settings calls and /etsy/Authorize). */
const settings =
  (platform: Platform): A<'etsy.authorize'> =>
  async ({ seller }) =>
    connectPlatform(seller.sellerId, platform);

const resync =
  (platform: Platform): Action =>
  async ({ seller }) =>
    requestPlatformSync(seller.sellerId, platform);

const wooCommerceSettings: A<'woocommerce.settings'> = async ({ seller, query }) =>
  connectPlatform(seller.sellerId, 'woocommerce', query.storeUrl);

const connect: A<'integrations.connect'> = async ({ seller, body }) => connectPlatform(seller.sellerId, body.platform, body.storeUrl);

const disconnect: A<'integrations.disconnect'> = async ({ seller, body }) => disconnectPlatform(seller.sellerId, body.platform);

/** The seller back from an OAuth platform's consent page with its code and our state. */
const oauthReturn: A<'integrations.oauthReturn'> = async ({ seller, query }) => completePlatformAuthorization(seller.sellerId, query);

/** Every platform, connected or not. */
const list: A<'integrations.list'> = readsOnly(({ sellerId }) => platformStatuses(sellerId));

export const handler = httpHandler('integrations', integrationsRoutes, {
  ...Object.fromEntries(HAVE_SYNC_PLATFORMS.map((p) => [`${p}.havesync`, status(p)])),
  'controlpad.sync': status('controlpad'),
  'tiktok.sync': status('tiktok'),
  ...Object.fromEntries(PLATFORMS.map((p) => [`${p}.ordersresync`, resync(p)])),
  ...Object.fromEntries(SETTINGS_PLATFORMS.map((p) => [`${p}.settings`, settings(p)])),
  'woocommerce.settings': wooCommerceSettings,
  'etsy.authorize': settings('etsy'),
  'integrations.list': list,
  'integrations.connect': connect,
  'integrations.disconnect': disconnect,
  'integrations.oauthReturn': oauthReturn,
});
