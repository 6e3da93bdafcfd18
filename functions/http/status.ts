import { readStatusFeed, readVersionStatus } from '../status/status.js';
import { statusRoutes } from '../../shared/api/routes/status.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('status', statusRoutes, {
  'status.feed': () => readStatusFeed(),
  'status.version': () => readVersionStatus(),
});
