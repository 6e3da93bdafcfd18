import type { z } from 'zod';
import type { Feature, Plan } from '../domain/plans.js';

/** The Lambda (and local handler module) that serves a route. One per call group. */
export const CALL_GROUPS = [
  'billing',
  'status',
  'customers',
  'consultant',
  'rewards',
  'upload',
  'integrations',
  'settings',
  'products',
  'marketing',
  'help',
  'orders',
  'shipping',
] as const;
export type CallGroup = (typeof CALL_GROUPS)[number];

/**
 * The call groups whose actions only read the seller's data. Their functions may not write the table (beyond the
 * seller's rate-limit bucket: infra/aws/table-access.ts), so a first sign-in that lands on one of them is served
 * the new seller's profile without storing it; the first call of a group that writes stores it.
 */
export const READ_ONLY_GROUPS = ['status', 'consultant', 'products'] as const satisfies readonly CallGroup[];
export const isReadOnlyGroup = (group: CallGroup): boolean => (READ_ONLY_GROUPS as readonly CallGroup[]).includes(group);

/**
 * What a seller who signed up but has not chosen a plan may call (issue 16, Getting started): choosing the plan and
 * paying for it (billing), who they are (consultant), their settings, the status feed, help, and the referral they
 * came with. Anything else is refused with PlanRequired, which sends them to /signup-package.
 */
export const OPEN_WITHOUT_PLAN_GROUPS = ['billing', 'consultant', 'settings', 'status', 'help'] as const satisfies readonly CallGroup[];
export const OPEN_WITHOUT_PLAN_ROUTES: readonly string[] = ['marketing.joinReferral'];
export const openWithoutPlan = (route: { id: string; group: CallGroup }): boolean =>
  (OPEN_WITHOUT_PLAN_GROUPS as readonly CallGroup[]).includes(route.group) || OPEN_WITHOUT_PLAN_ROUTES.includes(route.id);

export type Method = 'GET' | 'POST';

export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable id, `<group>.<action>` or `<platform>.<action>`; the key in `routes`. */
  id: string;
  method: Method;
  /** Path as the spec writes it, under /api. */
  path: string;
  group: CallGroup;
  query: Q;
  body: B;
  /** The response, where the spec or the product names its shape. */
  response?: R;
  /** The lowest plan that may call it (spec section 6); the server enforces it. */
  minPlan: Plan;
  /** A feature of the permission matrix this call needs, when the validated body asks for it (spec section 6). */
  // `never`: every route's own body type fits here, and the handler passes the body its schema validated.
  feature?: (body: never) => Feature | undefined;
  /**
   * Served without signing in (an email's unsubscribe link): no authorizer in API Gateway, no authentication, seller
   * rate limit or plan gate in httpHandler; the action proves what it may do itself (a signed token). A form body
   * (application/x-www-form-urlencoded) is read as fields. Every public route is listed in test/infra.
   */
  public?: boolean;
  /** multipart/form-data body (files) instead of JSON. */
  multipart?: boolean;
  /** The largest file a multipart body may carry (the parser stops reading past it); default the CSV limit. */
  maxFileBytes?: number;
  /** Where in the spec the call comes from: section 7, or an issue that added it. */
  source: 'spec' | `issue-${number}`;
}

export type QueryOf<R> = R extends RouteDef<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<R> = R extends RouteDef<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
