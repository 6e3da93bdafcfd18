import type { z } from 'zod';
import { isCatalogueMessage, MESSAGES } from '../../../shared/api/messages';
import type { BodyOf, QueryOf, RouteDef } from '../../../shared/api/route';
import { ROUTE_INDEX } from '../../../shared/api/route-index';
import type { RouteId, RouteOf } from '../../../shared/api/routes';
import { config } from '../config';
import { endSession, idToken } from './session';
import { loadedRoute, routeSchemas } from './route-schemas';
import { isUpgradeAnswer, openUpgradeDialog } from './upgrade-required';
import { checkAnswer } from './answer-check';

/** The generic message of the spec's error catalogue (section 8), for failures without a message of their own. */
export const GENERIC_ERROR = MESSAGES.generic;

/** A non-2xx answer: the server's `message` and, for 400, one message per field. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** The plan gate's 403: the Upgrade Required dialog tells the seller, so screens show no text of their own. */
  get upgradeRequired(): boolean {
    return isUpgradeAnswer(this.status, this.body) !== undefined;
  }
}

type Route<Id extends RouteId> = RouteOf<Id>;
type Query<Id extends RouteId> = QueryOf<Route<Id>>;
/** Multipart routes (their body has files) take a FormData. */
type Body<Id extends RouteId> = BodyOf<Route<Id>> extends { files: unknown } ? FormData : BodyOf<Route<Id>>;

/** Query and body are required when the route's schema has required fields. */
type Part<K extends string, T> = Record<string, never> extends T ? { [P in K]?: T } : { [P in K]: T };
export type ApiInput<Id extends RouteId> = Part<'query', Query<Id>> &
  Part<'body', Body<Id>> & {
    signal?: AbortSignal;
    /**
     * For the reads a page opens on (the plan, the dashboard): when the call group's schemas have not loaded yet,
     * the answer is returned as it came and checked once they have (in idle time; a malformed answer is logged),
     * so the first paint does not wait for zod and the schemas (issue 18). Only for routes whose response schema
     * changes nothing in a valid answer (no transform, no default).
     */
    checkLater?: boolean;
  };

/** What the route answers, as its response schema in the table parses it (unknown for the routes that name none). */
export type ResponseOf<Id extends RouteId> = Route<Id> extends RouteDef<z.ZodType, z.ZodType, infer S> ? z.output<S> : never;

type OptionalArg<Id extends RouteId> = Record<string, never> extends ApiInput<Id> ? [input?: ApiInput<Id>] : [input: ApiInput<Id>];

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.append(k, typeof v === 'string' ? v : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The error a non-2xx answer becomes. A 4xx carries the server's message; a 5xx shows the server's message only when
 * it is one of the catalogue's (a merge or delivery claim that failed says so in the spec's words), since anything
 * else there may be internals; every other failure reads the generic message.
 */
export function errorOf(status: number, body: unknown): ApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (typeof b.errors === 'object' && b.errors !== null) {
    for (const [k, v] of Object.entries(b.errors)) if (typeof v === 'string') errors[k] = v;
  }
  const shown = status < 500 ? typeof b.message === 'string' && b.message !== '' : isCatalogueMessage(b.message);
  const message = shown ? (b.message as string) : GENERIC_ERROR;
  // A refused payment keeps the spec's message and adds the processor's reason (declined, expired…) when it has one.
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  return new ApiError(status, shown && isCatalogueMessage(detail) ? `${message} ${detail as string}` : message, errors, body);
}

/** A checkLater answer, checked against its response schema off the page's critical path (a mismatch is logged). */
function checkWhenIdle(group: RouteDef['group'], id: string, name: string, data: unknown): void {
  checkAnswer(group, id, data).then(
    (issues) => {
      if (issues) console.error(`${name}: unexpected answer`, issues);
    },
    (err: unknown) => console.error(`${name}: the schemas did not load`, err),
  );
}

/**
 * Calls a route of shared/api/routes.ts by id: the path and method come from the light table (route-index), the
 * query and body are typed by its schemas, and the JSON answer is parsed by its response schema (a malformed answer
 * is an ApiError, not a crash later), loaded with its call group's chunk while the request is on its way. Sends the
 * Cognito ID token and a correlation id; a 401 ends the session (the app shows /login); a 403 'Upgrade Required'
 * opens the Upgrade Required dialog, then throws as any failure does.
 */
export async function api<Id extends RouteId>(id: Id, ...args: OptionalArg<Id>): Promise<ResponseOf<Id>>;
export async function api(id: RouteId, input?: { query?: unknown; body?: unknown; signal?: AbortSignal; checkLater?: boolean }): Promise<unknown> {
  const route = ROUTE_INDEX[id];
  const later = input?.checkLater === true && !loadedRoute(route.group, id);
  // Side by side with the request: the group's schemas are fetched once, the first time the app calls the group.
  const schemas = later ? undefined : routeSchemas(route.group, id);
  schemas?.catch(() => {}); // awaited below; a failure before that is the request's to report
  const base = config().apiBase;
  const url = `${base}${route.path.replace(/^\/api/, '')}${queryString(input?.query as Record<string, unknown>)}`;
  // A new id per request: the API logs it and hands it to every job and message the request starts, so one
  // request can be followed through the workers. Per request, not per user action: api() is the one place every
  // call passes, and the effects of one action (an upload, then its status polls) are already tied by their ids.
  const headers: Record<string, string> = { accept: 'application/json', 'x-correlation-id': crypto.randomUUID() };
  const token = await idToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (route.method !== 'GET' && input?.body !== undefined) {
    if (input.body instanceof FormData) body = input.body;
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
  } else if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = '{}';
  }

  let res: Response;
  try {
    res = await fetch(url, { method: route.method, headers, body, signal: input?.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, GENERIC_ERROR);
  }
  const data = await parseBody(res);
  if (res.status === 401) {
    await endSession('expired');
    throw errorOf(401, data);
  }
  if (!res.ok) {
    // Every 'Upgrade Required' anywhere in the app opens the one dialog (spec section 6), not a line of red text.
    const upgrade = isUpgradeAnswer(res.status, data);
    if (upgrade) openUpgradeDialog(upgrade);
    throw errorOf(res.status, data);
  }
  if (!schemas) {
    checkWhenIdle(route.group, id, `${route.method} ${route.path}`, data);
    return data;
  }
  let response: RouteDef['response'];
  try {
    ({ response } = await schemas);
  } catch (err) {
    // The group's chunk could not be fetched (offline, or a deploy replaced it): the answer cannot be checked.
    console.error(`${route.method} ${route.path}: the schemas did not load`, err);
    throw new ApiError(0, GENERIC_ERROR);
  }
  if (!response) return data;
  const parsed = response.safeParse(data);
  if (!parsed.success) {
    console.error(`${route.method} ${route.path}: unexpected answer`, parsed.error);
    throw new ApiError(res.status, GENERIC_ERROR, {}, data);
  }
  return parsed.data;
}
