import { statusFeed, versionAnswer } from '../../schemas/status.js';
import { route } from './define.js';

/** The status call group's routes (served by functions/http/status.ts). */
export const statusRoutes = [
  // Status: the feed file (outage, last release) and the version check
  // The feed is a file anyone may read (CloudFront serves it from the web bucket in AWS): no sign-in, no seller data.
  route('status.feed', 'GET', '/status/feed', 'status', { response: statusFeed, public: true }),
  route('status.version', 'GET', '/status', 'status', { response: versionAnswer }),
] as const;
