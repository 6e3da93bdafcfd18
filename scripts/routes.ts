/**
 * `npm run routes`: the route table of spec section 7 with whether each call is built, and the counts.
 * "Built" is read from the group handlers themselves, so this listing cannot disagree with what answers 501.
 * `npm run routes -- --index` writes shared/api/route-index.ts (the web's light table: id, method, path, group) from
 * the route table; run it after adding, moving or renaming a route (the type checker and shared/api/routes.test.ts
 * say when it is behind).
 */
import { writeFileSync } from 'node:fs';
import { CALL_GROUPS } from '../shared/api/route.js';
import { routeIndexSource } from '../shared/api/route-index-source.js';
import { routeList } from '../shared/api/routes.js';
import { builtRouteIds } from './built-routes.js';

if (process.argv.includes('--index')) {
  writeFileSync(new URL('../shared/api/route-index.ts', import.meta.url), routeIndexSource(routeList));
  console.log(`shared/api/route-index.ts: ${routeList.length} routes`);
  process.exit(0);
}

const built = await builtRouteIds();
const rows = routeList.map((r) => ({
  method: r.method,
  path: r.path,
  group: r.group,
  plan: r.minPlan,
  source: r.source,
  built: built.has(r.id) ? 'built' : 'not built',
}));
const widths = Object.fromEntries(
  Object.keys(rows[0]!).map((k) => [k, Math.max(k.length, ...rows.map((row) => String(row[k as keyof typeof row]).length))]),
);
const line = (row: Record<string, string>) =>
  Object.keys(widths)
    .map((k) => String(row[k]).padEnd(widths[k]!))
    .join('  ');
console.log(line(Object.fromEntries(Object.keys(widths).map((k) => [k, k.toUpperCase()]))));
for (const row of rows) console.log(line(row));
const builtCount = rows.filter((r) => r.built === 'built').length;
console.log(`\n${rows.length} routes in ${CALL_GROUPS.length} call groups: ${builtCount} built, ${rows.length - builtCount} not built`);
