import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { type CallGroup, isReadOnlyGroup, openWithoutPlan, type RouteDef } from '../../shared/api/route.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { atLeast, can, planFor } from '../../shared/domain/plans.js';
import { MAX_CSV_BYTES } from '../../shared/schemas/upload.js';
import { addActionLatency, correlationId, correlationIdOr, describeWork, logger, metrics, publishMetrics, withCorrelation } from '../observability.js';
import { type SellerProfile, sellerFor } from '../sellers/profile.js';
import { forgetOldest } from '../services/bounded.js';
import { admitCall } from '../sellers/rate-limit.js';
import { authenticate, type Caller } from './auth.js';
import { parseJson, rawBody } from './body.js';
import type { MultipartParser } from './multipart.js';
import { DomainError, type ErrorKind, NotFound, NotImplemented, PlanRequired, TooManyRequests, UpgradeRequired } from '../domain/errors.js';
import { validate } from './validate.js';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

/** A public route (RouteDef.public) is called by no one signed in: its action has no seller and no caller. */
type SignedInOnly<R, T> = R extends { public: true } ? undefined : T;

export interface Call<R extends RouteDef> {
  seller: SignedInOnly<R, SellerProfile>;
  caller: SignedInOnly<R, Caller>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  event: Event;
}

/** A route's work: returns the route's response (200), or a full result for files and redirects. */
export type Action<R extends RouteDef = RouteDef> = (call: Call<R>) => Promise<z.input<NonNullable<R['response']>> | Result>;

/** What an action that only reads is handed: the seller's id, not the profile, which is read beside it. */
export interface ReadCall<R extends RouteDef> {
  sellerId: string;
  caller: Caller;
  query: z.output<R['query']>;
  event: Event;
}

/** What a route's action answers: its response (200), or a full result for files and redirects. */
type Answer<R extends RouteDef> = z.input<NonNullable<R['response']>> | Result;

type Read<R extends RouteDef = RouteDef> = (call: ReadCall<R>) => Promise<Answer<R>>;

/** A read started beside the gate, and whether it is handed the profile the gate reads (readsWithProfile). */
interface BesideGate {
  read: (call: ReadCall<RouteDef> & { seller: Promise<SellerProfile> }) => Promise<unknown>;
  profile: boolean;
}

const BESIDE_GATE: unique symbol = Symbol('besideGate');

/**
 * An action of a signed-in GET route that only reads and needs nothing of the seller but the id: httpHandler starts
 * it beside the seller's profile read (the plan gate) instead of after it, and answers with it only once the gate
 * has passed. A refused call answers exactly as before (the gate's refusal wins over a 400 or the action's 404) and,
 * having only read, has changed nothing; what was read is dropped. Issue 18: one table round trip fewer per call.
 */
export function readsOnly<R extends RouteDef>(read: Read<R>): Action<R> {
  const action: Action<R> = (call) => read(readCallOf(call));
  const beside: BesideGate = { read: read as BesideGate['read'], profile: false };
  return Object.assign(action, { [BESIDE_GATE]: beside });
}

/**
 * An action of a signed-in GET route whose reads need only the seller's id and whose answer also needs the profile
 * (the plan, the name, the counters): httpHandler starts `reads` beside the plan gate's profile read, and calls
 * `answer` with the profile once the gate has admitted the seller. The gate reads the profile on every call, so
 * the answer sees the plan as it is; the call waits for the slower of the two reads rather than for both in turn.
 * `reads` must only read (a refused call drops what it found); `answer` runs only for an admitted seller.
 */
export function readsWithProfile<R extends RouteDef, Found>(
  reads: (call: ReadCall<R>) => Promise<Found>,
  answer: (seller: SellerProfile, found: Found, call: ReadCall<R>) => Answer<R> | Promise<Answer<R>>,
): Action<R> {
  const read = async (call: ReadCall<R> & { seller: Promise<SellerProfile> }) => {
    // Both awaited together: a refusal (the profile's promise rejected) leaves no read's failure unobserved.
    const [seller, found] = await Promise.all([call.seller, reads(call)]);
    return answer(seller, found, call);
  };
  // Handed the profile already read: the same reads and answer, one composition of them.
  const action: Action<R> = (call) => read({ ...readCallOf(call), seller: Promise.resolve(call.seller) });
  const beside: BesideGate = { read: read as BesideGate['read'], profile: true };
  return Object.assign(action, { [BESIDE_GATE]: beside });
}

const readCallOf = <R extends RouteDef>(call: Call<R>): ReadCall<R> => ({ sellerId: call.seller.sellerId, caller: call.caller, query: call.query, event: call.event });

const besideGateOf = (action: Action): BesideGate | undefined => (action as Action & { [BESIDE_GATE]?: BesideGate })[BESIDE_GATE];

/** The one place where a domain error becomes a status code. */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  refused: 400,
  unauthorized: 401,
  paymentRequired: 402,
  upgradeRequired: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  failed: 500,
  notImplemented: 501,
  unavailable: 503,
};

const MAX_UPLOAD_BYTES = MAX_CSV_BYTES;

interface State {
  route?: RouteDef;
  caller?: Caller;
  seller?: SellerProfile;
  /**
   * The plan gate in flight, for an action started beside it (readsOnly, readsWithProfile): settled once the seller
   * is admitted, with the profile when the gate read it.
   */
  gate?: Promise<SellerProfile | undefined>;
  query?: unknown;
  body?: unknown;
}
/** Middlewares hand what they learn to the action on the context, as middy's own middlewares do. */
type Ctx = Context & State;
type Request = middy.Request<Event, Result, Error, Ctx>;
type Middleware = MiddlewareObj<Event, Result, Error, Ctx>;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): Result {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function isResult(value: unknown): value is Result {
  return typeof value === 'object' && value !== null && 'statusCode' in value && typeof value.statusCode === 'number';
}

/** Outermost: every error becomes the spec's message; a 500 never carries internals. */
const errorResponse: Middleware = {
  onError: async (request: Request) => {
    const err = request.error;
    if (err instanceof DomainError) {
      const status = STATUS[err.kind];
      if (status >= 500 && status !== 501) logger.error('request failed', { error: err, cause: err.cause as Error });
      const wait: Record<string, string> = err instanceof TooManyRequests ? { 'retry-after': String(err.retryAfterSeconds) } : {};
      request.response = json(status, { message: err.message, ...err.details }, wait);
    } else {
      logger.error('unhandled error', { error: err as Error });
      metrics.addMetric('UnhandledError', 'Count', 1);
      request.response = json(500, { message: MESSAGES.generic });
    }
  },
};

/**
 * Outside the error mapping, so the metrics it adds are published with the invocation's own (Powertools'
 * logMetrics would publish before it, and warn on every request that emitted none).
 */
const metricsPublished: Middleware = {
  after: async () => publishMetrics(),
  onError: async () => publishMetrics(),
};

/** Every answer carries the id its request ran under, a refusal's and a failure's too. */
const echoCorrelationId = async (request: Request) => {
  const id = correlationId();
  if (request.response && id) request.response.headers = { ...request.response.headers, 'x-correlation-id': id };
};

/**
 * The id the request runs under (httpHandler): in its log lines, in every message it queues, and in its answer.
 * Outermost of all, so its onError runs after the error mapping has made the answer.
 */
const correlation: Middleware = {
  before: async (request: Request) => {
    describeWork({ route: request.event.routeKey });
  },
  after: echoCorrelationId,
  onError: echoCorrelationId,
};

/** The browser's id for the request (web/src/lib/api.ts), or API Gateway's when it sent none we accept. */
const correlationIdOf = (event: Event) =>
  correlationIdOr(event.headers?.['x-correlation-id'], event.requestContext?.requestId ?? crypto.randomUUID());

function resolveRoute(routes: readonly RouteDef[]): Middleware {
  const table = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  return {
    before: async (request: Request) => {
      const { method } = request.event.requestContext.http;
      const route = table.get(`${method} ${request.event.rawPath}`);
      if (!route) throw new NotFound(MESSAGES.notFound);
      request.context.route = route;
    },
  };
}

const authentication: Middleware = {
  before: async (request: Request) => {
    if (request.context.route!.public) return;
    const caller = await authenticate(request.event.headers?.authorization);
    request.context.caller = caller;
    describeWork({ sellerId: caller.sellerId });
  },
};

const parseAndValidate = (parseMultipart: MultipartParser | undefined): Middleware => ({
  before: async (request: Request) => {
    const route = request.context.route!;
    const event = request.event;
    try {
      request.context.query = validate(route.query, event.queryStringParameters ?? {});
    } catch (err) {
      // The plan gate still in flight answers first, as it does when it runs before validation.
      await request.context.gate;
      throw err;
    }
    if (route.method === 'GET') {
      request.context.body = {};
      return;
    }
    const raw = route.multipart
      ? await parseMultipart!(event, route.maxFileBytes ?? MAX_UPLOAD_BYTES)
      : route.public
        ? await parsePublicBody(event, parseMultipart!)
        : parseJson(event);
    request.context.body = validate(route.body, raw);
  },
});

/**
 * A public route's body: JSON, or the form RFC 8058's one-click POST sends (urlencoded, or multipart as the RFC
 * prefers), read as its fields.
 */
async function parsePublicBody(event: Event, parseMultipart: MultipartParser): Promise<unknown> {
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(rawBody(event).toString('utf8')));
  if (type.startsWith('multipart/form-data')) return (await parseMultipart(event, 0)).fields;
  return parseJson(event);
}

/**
 * Each seller's own rate limit (a token bucket in the table), before any other work of the call. A public route has
 * no seller yet: its action limits by the seller its token proves, once the token is checked.
 */
const rateLimit: Middleware = {
  before: async (request: Request) => {
    if (request.context.route!.public) return;
    await admitCall(request.context.caller!.sellerId);
  },
};

/**
 * The server enforces plans itself (spec section 6); the browser's view of the plan is never trusted. A group that
 * only reads does not store a first sign-in's profile (its function may not write it): see READ_ONLY_GROUPS.
 */
const planGate = (group: CallGroup, besideGate: ReadonlyMap<string, BesideGate>): Middleware => ({
  before: async (request: Request) => {
    const route = request.context.route!;
    if (route.public) return;
    const beside = besideGate.get(route.id);
    if (beside) {
      const caller = request.context.caller!;
      const gate = beside.profile ? admitted(caller, route, group) : admittedBeside(caller, route, group);
      // Awaited by the action (or by validation's refusal); never left to reject unobserved.
      gate.catch(() => {});
      request.context.gate = gate;
      return;
    }
    request.context.seller = await admitted(request.context.caller!, route, group);
  },
});

/** Sellers a container has seen holding a plan; past the bound the oldest are forgotten (and read again). */
const MAX_SELLERS_WITH_PLAN = 10_000;
const sellersWithPlan = new Set<string>();

/**
 * The gate of a read started beside it, which needs nothing of the profile. A plan, once chosen, is only ever
 * changed for another plan, never removed (no write takes `package` away), so a route open to every plan admits a
 * seller this container has seen holding one without reading the profile again: no weakening of the gate, and the
 * call is its own read alone (issue 18). A route of a higher plan reads the profile every time (a downgrade counts
 * at once).
 */
async function admittedBeside(caller: Caller, route: RouteDef, group: CallGroup): Promise<undefined> {
  if (route.minPlan === 'starter' && sellersWithPlan.has(caller.sellerId)) return;
  await admitted(caller, route, group);
}

async function admitted(caller: Caller, route: RouteDef, group: CallGroup): Promise<SellerProfile> {
  const seller = await sellerFor(caller, { store: !isReadOnlyGroup(group) });
  // No plan chosen yet: only the calls that lead to choosing one; the rest send the seller to /signup-package.
  if (!seller.package) {
    if (route.minPlan !== 'starter') throw new UpgradeRequired(route.minPlan);
    if (!openWithoutPlan(route)) throw new PlanRequired();
    return seller;
  }
  sellersWithPlan.add(caller.sellerId);
  forgetOldest(sellersWithPlan, MAX_SELLERS_WITH_PLAN);
  if (!atLeast(seller.package, route.minPlan)) throw new UpgradeRequired(route.minPlan);
  return seller;
}

/** Gates that depend on what the call asks for (saving a template, automatic emails), after validation. */
const featureGate: Middleware = {
  before: async (request: Request) => {
    if (request.context.route!.public) return;
    const feature = request.context.route!.feature?.(request.context.body as never);
    if (feature && !can(request.context.seller!.package, feature)) throw new UpgradeRequired(planFor(feature));
  },
};

/** A group's actions by route id: a misspelled or foreign id does not compile. */
export type ActionMap<Rs extends readonly RouteDef[]> = { [Id in Rs[number]['id']]?: Action<Extract<Rs[number], { id: Id }>> };

export interface HandlerOptions {
  /** functions/http/multipart.ts `parseMultipart`, for a group with a multipart route or a public POST (a form). */
  multipart?: MultipartParser;
}

/**
 * One Lambda per call group:
 * `export const handler = httpHandler('customers', customersRoutes, { 'customers.get': getCustomer })`, with the
 * group's own routes (shared/api/routes/<group>.ts), so the function carries its group's schemas and no other's.
 * Runs under the request's correlation id. Order: correlation id (outermost: every answer echoes it), metrics, error
 * mapping, logger, route, authentication, the seller's rate limit, plan gate (the route's lowest plan: a seller below
 * it gets 403 whatever the body), parsing and validation, feature gate (what the body asks for), then the action.
 * Routes of the group without an action answer 501.
 */
export function httpHandler<G extends CallGroup, const Rs extends readonly (RouteDef & { group: G })[]>(
  group: G,
  routes: Rs,
  actions: ActionMap<Rs>,
  options: HandlerOptions = {},
) {
  // The types hold each route to its group; a table built some other way is refused before it serves anything.
  const foreign = routes.find((r) => r.group !== group);
  if (foreign) throw new Error(`Route ${foreign.id} is not of the ${group} group`);
  const form = routes.find((r) => r.multipart || (r.public && r.method === 'POST'));
  if (form && !options.multipart) throw new Error(`Route ${form.id} takes a form body: give the ${group} handler the multipart parser`);
  const besideGate = new Map<string, BesideGate>();
  for (const r of routes) {
    const action = (actions as Partial<Record<string, Action>>)[r.id];
    const beside = action && besideGateOf(action);
    if (!beside) continue;
    // Started before the gate: only a signed-in read whose gates do not depend on what it is asked.
    if (r.method !== 'GET' || r.public || r.feature) throw new Error(`Route ${r.id} cannot take an action started beside the gate: only a signed-in GET without a feature gate`);
    besideGate.set(r.id, beside);
  }
  const inner = middy<Event, Result, Error, Ctx>()
    .use(correlation)
    .use(metricsPublished)
    .use(errorResponse)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(resolveRoute(routes))
    .use(authentication)
    .use(rateLimit)
    .use(planGate(group, besideGate))
    .use(parseAndValidate(options.multipart))
    .use(featureGate)
    .handler(async (event, context) => {
      const route = context.route!;
      const action = (actions as Partial<Record<string, Action>>)[route.id];
      if (!action) throw new NotImplemented(`${route.method} ${route.path}`);
      const started = performance.now();
      let output: unknown;
      const beside = context.gate && besideGateOf(action);
      if (beside) {
        const caller = context.caller!;
        // Only a readsWithProfile action is handed the profile; its gate reads it on every call.
        const seller = context.gate as Promise<SellerProfile>;
        const read = beside.read({ sellerId: caller.sellerId, caller, query: context.query, event, seller }).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        // The gate first: a refused call answers its refusal whatever the read found.
        await context.gate;
        const done = await read;
        if ('error' in done) throw done.error;
        output = done.value;
      } else {
        output = await action({
          // Undefined for a public route, whose actions are typed without them (Call).
          seller: context.seller!,
          caller: context.caller!,
          query: context.query,
          body: context.body,
          event,
        });
      }
      addActionLatency(route.id, performance.now() - started);
      return isResult(output) ? output : json(200, output ?? { success: true });
    });
  const invoke = (event: Event, context?: Context) =>
    withCorrelation(correlationIdOf(event), () => inner(event, (context ?? localContext(group)) as Ctx));
  return Object.assign(invoke, {
    actions,
    group,
  });
}

/** The local gateway calls handlers without a Lambda context; give the logger one with the same fields. */
function localContext(group: CallGroup): Context {
  return {
    functionName: `local-${group}`,
    functionVersion: '$LATEST',
    memoryLimitInMB: '256',
    awsRequestId: crypto.randomUUID(),
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${group}`,
    logGroupName: `/local/${group}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 30_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}
