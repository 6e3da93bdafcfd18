import * as z from 'zod';
import type { Feature, Plan } from '../../domain/plans.js';
import { cursorParam, empty, idParam } from '../../schemas/common.js';
import type { CallGroup, Method, RouteDef } from '../route.js';

/**
 * What every group file of the route table (shared/api/routes/<group>.ts) builds its routes with. Only what any group
 * may need: a group's file imports its own schemas, so a group's function (and the web's chunk of its schemas)
 * carries no other group's.
 */
interface Spec<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, P extends boolean = false> {
  query?: Q;
  body?: B;
  /** What a successful call answers; the action's return type is checked against it and the web client infers from it. */
  response?: R;
  minPlan?: Plan;
  feature?: (body: z.output<B>) => Feature | undefined;
  multipart?: boolean;
  public?: P;
  maxFileBytes?: number;
  source?: RouteDef['source'];
}

export function route<
  const Id extends string,
  const G extends CallGroup,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof empty,
  R extends z.ZodType = z.ZodUnknown,
  const P extends boolean = false,
>(id: Id, method: Method, path: string, group: G, spec: Spec<Q, B, R, P> = {}): RouteDef<Q, B, R> & { id: Id; group: G; public: P } {
  return {
    id,
    method,
    path: `/api${path}`,
    group,
    query: (spec.query ?? empty) as Q,
    body: (spec.body ?? empty) as B,
    response: spec.response,
    minPlan: spec.minPlan ?? 'starter',
    feature: spec.feature,
    multipart: spec.multipart ?? false,
    public: (spec.public ?? false) as P,
    ...(spec.maxFileBytes ? { maxFileBytes: spec.maxFileBytes } : {}),
    source: spec.source ?? 'spec',
  };
}

/** The route of `routes` (one group's, or the whole table) whose id is Id, typed by its own schemas. */
export function routeIn<Rs extends readonly RouteDef[], Id extends Rs[number]['id']>(routes: Rs, id: Id): Extract<Rs[number], { id: Id }> {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`No route ${id}`);
  return found as Extract<Rs[number], { id: Id }>;
}

export const searchQuery = z.object({
  q: z
    .string({ error: 'Type at least 2 characters to search.' })
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(100, 'Search for at most 100 characters.'),
  cursor: cursorParam,
});
export const customerIdBody = z.object({ customerID: idParam });
export const idQuery = z.object({ id: idParam });
