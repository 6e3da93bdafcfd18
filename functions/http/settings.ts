import { saveBankAccount } from '../settings/bank-account.js';
import { httpHandler } from './http-handler.js';

/** Settings routes; the ones not mapped here answer 501 until their feature is built (npm run routes). */
export const handler = httpHandler('settings', {
  'settings.setPlaidDetails': ({ seller, body }) => saveBankAccount(seller, { publicToken: body.public_token, accountId: body.account_id }),
});
