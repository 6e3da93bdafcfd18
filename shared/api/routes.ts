import type { CallGroup, RouteDef } from './route.js';
import { billingRoutes } from './routes/billing.js';
import { consultantRoutes } from './routes/consultant.js';
import { customersRoutes } from './routes/customers.js';
import { routeIn } from './routes/define.js';
import { helpRoutes } from './routes/help.js';
import { integrationsRoutes } from './routes/integrations.js';
import { marketingRoutes } from './routes/marketing.js';
import { ordersRoutes } from './routes/orders.js';
import { productsRoutes } from './routes/products.js';
import { rewardsRoutes } from './routes/rewards.js';
import { settingsRoutes } from './routes/settings.js';
import { shippingRoutes } from './routes/shipping.js';
import { statusRoutes } from './routes/status.js';
import { uploadRoutes } from './routes/upload.js';

/**
 * Spec section 7, the platform variants expanded: every call group's routes, composed. A group's routes live in
 * shared/api/routes/<group>.ts (the group of a route is its `group`, the function that serves it); a group's function
 * (functions/http/<group>.ts) and the web's chunk of that group's schemas import that file alone. This composed table
 * is for what needs every route: the CDK routes, the local gateway, the contract tests, `npm run routes`, the docs,
 * and the types the web's API client is checked by (types only: web/src/lib/api.ts loads a group's schemas when it
 * calls one of its routes, web/src/lib/route-schemas.ts).
 */
export const ROUTES_BY_GROUP = {
  billing: billingRoutes,
  status: statusRoutes,
  customers: customersRoutes,
  consultant: consultantRoutes,
  rewards: rewardsRoutes,
  upload: uploadRoutes,
  integrations: integrationsRoutes,
  settings: settingsRoutes,
  products: productsRoutes,
  marketing: marketingRoutes,
  help: helpRoutes,
  orders: ordersRoutes,
  shipping: shippingRoutes,
} as const satisfies { [G in CallGroup]: readonly (RouteDef & { group: G })[] };

const list = [
  ...billingRoutes,
  ...statusRoutes,
  ...customersRoutes,
  ...consultantRoutes,
  ...rewardsRoutes,
  ...uploadRoutes,
  ...integrationsRoutes,
  ...settingsRoutes,
  ...productsRoutes,
  ...marketingRoutes,
  ...helpRoutes,
  ...ordersRoutes,
  ...shippingRoutes,
] as const;

export type AnyRoute = (typeof list)[number];
/** Every route id as a literal type (the web's API client is typed by these). */
export type RouteId = AnyRoute['id'];
/** The route whose id is Id, with its own query and body schemas. */
export type RouteOf<Id extends RouteId> = Extract<AnyRoute, { id: Id }>;
/** The ids of one call group's routes: the keys its handler's action map may have. */
export type RouteIdOf<G extends CallGroup> = Extract<AnyRoute, { group: G }>['id'];
export const routeList: readonly RouteDef[] = list;
export const routes: Record<string, RouteDef> = Object.fromEntries(list.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const r = routes[id];
  if (!r) throw new Error(`No route ${id}`);
  return r;
}

export function findRoute(method: string, path: string): RouteDef | undefined {
  return routeList.find((r) => r.method === method && r.path === path);
}

/** The route whose id is Id, typed by its own schemas (for clients that validate with them before sending). */
export function routeOf<Id extends RouteId>(id: Id): RouteOf<Id> {
  return routeIn(list, id);
}
