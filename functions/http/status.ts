import { httpHandler } from './http-handler.js';

/** The version the web app compares with its own every 300000 ms (spec section 9). */
const VERSION = process.env.APP_VERSION ?? '0.1.0';

export const handler = httpHandler('status', {
  'status.version': async () => ({ version: VERSION, forceLocalStorageClear: false, forceOneTimeStorageClear: false }),
});
