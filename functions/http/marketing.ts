import { httpHandler } from './http-handler.js';

/** Every route of the 'marketing' group answers 501 until its feature is built (npm run routes). */
export const handler = httpHandler('marketing', {});
