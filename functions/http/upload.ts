import { httpHandler } from './http-handler.js';

/** Every route of the 'upload' group answers 501 until its feature is built (npm run routes). */
export const handler = httpHandler('upload', {});
