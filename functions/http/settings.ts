import { saveBankAccount } from '../settings/bank-account.js';
import { saveSettings, settingsOf } from '../settings/settings.js';
import { settingsRoutes } from '../../shared/api/routes/settings.js';
import { httpHandler } from './http-handler.js';

/** Settings routes (/settings and its sections). */
export const handler = httpHandler('settings', settingsRoutes, {
  'settings.getSettingsJson': async ({ seller }) => settingsOf(seller),
  'settings.save': ({ seller, body }) => saveSettings(seller, body),
  'settings.setPlaidDetails': ({ seller, body }) => saveBankAccount(seller, { publicToken: body.public_token, accountId: body.account_id }),
});
