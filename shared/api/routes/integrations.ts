import * as z from 'zod';
import { HAVE_SYNC_PLATFORMS, PLATFORMS, SETTINGS_PLATFORMS } from '../../domain/platforms.js';
import { connectAnswer, connectBody, disconnectBody, integrationAnswer, integrationList, oauthReturnAnswer, oauthReturnQuery, resyncAnswer, storeUrl } from '../../schemas/integrations.js';
import { route } from './define.js';

/** The integrations call group's routes (served by functions/http/integrations.ts). */
export const integrationsRoutes = [
  // The platforms' calls, one per platform the spec names
  ...HAVE_SYNC_PLATFORMS.map((p) => route(`${p}.havesync`, 'GET', `/${p}/havesync`, 'integrations', { response: integrationAnswer })),
  route('controlpad.sync', 'GET', '/controlpad/sync', 'integrations', { response: integrationAnswer }),
  route('tiktok.sync', 'GET', '/tiktok/sync', 'integrations', { response: integrationAnswer }),
  ...PLATFORMS.map((p) => route(`${p}.ordersresync`, 'GET', `/${p}/ordersresync`, 'integrations', { response: resyncAnswer })),
  ...SETTINGS_PLATFORMS.map((p) => route(`${p}.settings`, 'GET', `/${p}/settings`, 'integrations', { response: connectAnswer })),
  route('woocommerce.settings', 'GET', '/woocommerce/settings', 'integrations', { query: z.object({ storeUrl }), response: connectAnswer }),
  route('etsy.authorize', 'GET', '/etsy/Authorize', 'integrations', { response: connectAnswer }),
  // Issue 5: every platform's status in one read, and connecting the platforms the spec gives no call for
  route('integrations.list', 'GET', '/integrations/list', 'integrations', { response: integrationList, source: 'issue-5' }),
  route('integrations.connect', 'POST', '/integrations/connect', 'integrations', { body: connectBody, response: connectAnswer, source: 'issue-5' }),
  // Issue 5: stop syncing a platform (its credentials deleted; its orders stay)
  route('integrations.disconnect', 'POST', '/integrations/disconnect', 'integrations', { body: disconnectBody, response: integrationAnswer, source: 'issue-5' }),
  // Issue 5: the seller back from an OAuth platform's consent page with its code
  route('integrations.oauthReturn', 'GET', '/integrations/oauthReturn', 'integrations', { query: oauthReturnQuery, response: oauthReturnAnswer, source: 'issue-5' }),
] as const;
