import type { CallGroup, RouteDef } from '../../../shared/api/route';

/**
 * A call group's routes with their schemas, loaded the first time a screen calls one of the group's routes (one
 * chunk per group, shared/api/routes/<group>.ts) and kept: the first page carries no group's schemas but those
 * of the calls it makes. A literal import() per group, so the bundler makes each group its own chunk.
 */
const LOADERS: { [G in CallGroup]: () => Promise<readonly RouteDef[]> } = {
  billing: () => import('../../../shared/api/routes/billing').then((m) => m.billingRoutes),
  status: () => import('../../../shared/api/routes/status').then((m) => m.statusRoutes),
  customers: () => import('../../../shared/api/routes/customers').then((m) => m.customersRoutes),
  consultant: () => import('../../../shared/api/routes/consultant').then((m) => m.consultantRoutes),
  rewards: () => import('../../../shared/api/routes/rewards').then((m) => m.rewardsRoutes),
  upload: () => import('../../../shared/api/routes/upload').then((m) => m.uploadRoutes),
  integrations: () => import('../../../shared/api/routes/integrations').then((m) => m.integrationsRoutes),
  settings: () => import('../../../shared/api/routes/settings').then((m) => m.settingsRoutes),
  products: () => import('../../../shared/api/routes/products').then((m) => m.productsRoutes),
  marketing: () => import('../../../shared/api/routes/marketing').then((m) => m.marketingRoutes),
  help: () => import('../../../shared/api/routes/help').then((m) => m.helpRoutes),
  orders: () => import('../../../shared/api/routes/orders').then((m) => m.ordersRoutes),
  shipping: () => import('../../../shared/api/routes/shipping').then((m) => m.shippingRoutes),
};

/**
 * zod's settings (no eval, plain messages) live in the zod chunk (web/vite.config.ts) and run when it loads, before
 * any schema is built. Named here, the one place the app loads schemas for its calls, so the bundler keeps them: the
 * entry no longer imports zod (issue 18: 26 KB gzip off every first page).
 */
export const zodConfigured = () => import('../zod-config');

const loaded = new Map<CallGroup, Promise<ReadonlyMap<string, RouteDef>>>();
const ready = new Map<CallGroup, ReadonlyMap<string, RouteDef>>();

/** The route `id` of `group` if its schemas have loaded already (no waiting). */
export function loadedRoute(group: CallGroup, id: string): RouteDef | undefined {
  return ready.get(group)?.get(id);
}

/** The routes of `group` by id; loaded once (a failed load is tried again on the next call). */
export function groupRoutes(group: CallGroup): Promise<ReadonlyMap<string, RouteDef>> {
  let routes = loaded.get(group);
  if (!routes) {
    routes = Promise.all([zodConfigured(), LOADERS[group]()]).then(([, list]) => {
      const byId = new Map(list.map((r) => [r.id, r]));
      ready.set(group, byId);
      return byId;
    });
    routes.catch(() => loaded.delete(group));
    loaded.set(group, routes);
  }
  return routes;
}

/** The route `id` of `group` with its schemas. */
export async function routeSchemas(group: CallGroup, id: string): Promise<RouteDef> {
  const route = (await groupRoutes(group)).get(id);
  if (!route) throw new Error(`No route ${id} in the ${group} group`);
  return route;
}
