import { readStatusFeed, readVersionStatus } from '../status/status.js';
import { statusRoutes } from '../../shared/api/routes/status.js';
import { httpHandler, readsOnly } from './http-handler.js';

export const handler = httpHandler('status', statusRoutes, {
  'status.feed': () => readStatusFeed(),
  // Polled by every open tab; reads nothing of the seller: started beside the plan gate's profile read.
  'status.version': readsOnly(() => readVersionStatus()),
});
