import { readStatusFeed, readVersionStatus } from '../status/status.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('status', {
  'status.feed': () => readStatusFeed(),
  'status.version': () => readVersionStatus(),
});
