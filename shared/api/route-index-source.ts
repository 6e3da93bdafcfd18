import type { RouteDef } from './route.js';

/**
 * The text of shared/api/route-index.ts for a route table: what `npm run routes -- --index` writes, and what
 * shared/api/routes.test.ts compares the file with.
 */
export function routeIndexSource(routes: readonly RouteDef[]): string {
  const rows = routes.map((r) => `  '${r.id}': { method: '${r.method}', path: '${r.path}', group: '${r.group}' },`);
  return `// Written by \`npm run routes -- --index\` from shared/api/routes.ts: do not edit by hand.
import type { CallGroup, Method } from './route.js';
import type { RouteId } from './routes.js';

export interface RouteEntry {
  method: Method;
  path: string;
  group: CallGroup;
}

/**
 * Every route's method, path and call group, without its schemas: what the web's API client needs to send a call.
 * The schemas (request forms, answer validation) come with the group's own chunk (web/src/lib/route-schemas.ts).
 */
export const ROUTE_INDEX: { readonly [Id in RouteId]: RouteEntry } = {
${rows.join('\n')}
};
`;
}
