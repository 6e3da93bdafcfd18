import pRetry, { AbortError } from 'p-retry';
import { sleep as pause } from '../../domain/backoff.js';
import { PlatformError } from './connector.js';
import { assertPublicHttps, type LookupAll, NotPublicHost } from './public-host.js';

/**
 * The one HTTP client of the platform connectors: JSON over the platform `fetch`, a base URL that tests point at a
 * loopback fake, answers of 429 retried after the platform's own wait (bounded in tries and in total wait), and
 * every other failure turned into a PlatformError the sync worker can act on (retry later, or ask the seller to
 * reconnect). Credentials travel in headers only and never appear in an error message.
 */

/** What a connector can be given besides the seller's credentials; production uses the defaults. */
export interface ConnectorOptions {
  fetch?: typeof fetch;
  /** How a rate-limit wait is spent; tests record the waits instead of spending them. */
  sleep?: (ms: number) => Promise<void>;
  retry?: Partial<RetryLimits>;
  /** Orders asked for per page; each connector defaults to its platform's maximum. */
  pageSize?: number;
  /** How a seller-given host name is resolved before each request (node:dns by default); tests answer for it. */
  lookup?: LookupAll;
}

export interface RetryLimits {
  /** Attempts of one request, the first included. */
  tries: number;
  /**
   * The most the retries of one request may wait in total. A platform asking for longer is answered with a
   * retryable PlatformError, so the queue's own retry takes over instead of a worker sleeping past its timeout.
   */
  maxWaitMs: number;
}

/** 5 tries and 60 s of waiting fit inside the platform-sync worker's 120 s with room for the pages themselves. */
export const DEFAULT_RETRY_LIMITS: RetryLimits = { tries: 5, maxWaitMs: 60_000 };

/** How a platform says how long to wait after a 429. */
export interface RateLimitRule {
  /** The wait the platform's answer names, in ms; undefined when it names none. */
  waitMs(headers: Headers): number | undefined;
  /** The platform's documented wait (or back-off base) when its answer names none; doubled on each further 429. */
  defaultMs: number;
}

/** `Retry-After` (or a header of the same form): seconds, fractions allowed, or an HTTP date. */
export function retryAfter(header = 'retry-after', defaultMs = 1_000): RateLimitRule {
  return {
    defaultMs,
    waitMs(headers) {
      const value = headers.get(header)?.trim();
      if (!value) return undefined;
      const seconds = Number(value);
      if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds * 1000));
      const at = Date.parse(value);
      return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
    },
  };
}

/** A platform that documents no wait header: its documented cool-down or back-off base only. */
export function documentedWait(defaultMs: number): RateLimitRule {
  return { defaultMs, waitMs: () => undefined };
}

export interface PlatformHttpConfig {
  /** The platform's name as sellers know it, for messages ("Shopify"). */
  name: string;
  baseUrl: string;
  /** Headers of every request (auth, API version). */
  headers?: Record<string, string>;
  rateLimit: RateLimitRule;
  /**
   * The base URL comes from what the seller gave (a store address), not from us: before each request its host must
   * be public https (functions/adapters/platforms/public-host.ts), and redirects are not followed, since one could
   * lead anywhere.
   */
  sellerAddress?: boolean;
}

export type QueryValue = string | number | boolean | undefined;

export interface PlatformRequest {
  method?: 'GET' | 'POST';
  /** A path under the base URL, or an absolute URL the platform handed out (a next-page link). */
  path: string;
  query?: Record<string, QueryValue> | URLSearchParams;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body (OAuth token requests). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface PlatformResponse<T> {
  body: T;
  headers: Headers;
}


class RateLimited extends Error {
  constructor(readonly waitMs: number) {
    super('rate limited');
  }
}

/** The full URL of a request: the base URL's path kept, query values that are undefined left out. */
export function requestUrl(baseUrl: string, path: string, query?: PlatformRequest['query']): URL {
  const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  const entries = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query ?? {});
  for (const [key, value] of entries) if (value !== undefined) url.searchParams.set(key, String(value));
  return url;
}

export interface PlatformHttp {
  request<T>(request: PlatformRequest): Promise<PlatformResponse<T>>;
}

export function platformHttp(config: PlatformHttpConfig, options: ConnectorOptions = {}): PlatformHttp {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? pause;
  const limits = { ...DEFAULT_RETRY_LIMITS, ...options.retry };
  const { name } = config;

  const failure = (status: number, detail?: string) => platformFailure(name, status, detail);

  async function attempt<T>(request: PlatformRequest): Promise<PlatformResponse<T>> {
    const url = requestUrl(config.baseUrl, request.path, request.query);
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers, ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    if (config.sellerAddress) await refuseNonPublic(name, url, options.lookup);
    let res: Response;
    try {
      const redirect = config.sellerAddress ? 'manual' : 'follow';
      res = await doFetch(url, { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect });
    } catch {
      throw new AbortError(new PlatformError(`${name} could not be reached; the sync will try again shortly.`, 0, true));
    }
    const text = await res.text().catch(() => '');
    if (res.status === 429) throw new RateLimited(config.rateLimit.waitMs(res.headers) ?? -1);
    if (!res.ok) throw new AbortError(failure(res.status, errorDetail(text)));
    try {
      return { body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
    } catch {
      throw new AbortError(new PlatformError(`${name} answered something that is not JSON; the sync will try again shortly.`, 502, true));
    }
  }

  return {
    async request<T>(request: PlatformRequest) {
      let waited = 0;
      let rateLimits = 0;
      try {
        return await pRetry(() => attempt<T>(request), {
          retries: limits.tries - 1,
          // The wait is the platform's to name, spent in onFailedAttempt; p-retry only counts the tries.
          minTimeout: 0,
          randomize: false,
          shouldRetry: ({ error }) => error instanceof RateLimited,
          async onFailedAttempt({ error, retriesLeft }) {
            if (!(error instanceof RateLimited) || retriesLeft === 0) return;
            const ms = error.waitMs >= 0 ? error.waitMs : config.rateLimit.defaultMs * 2 ** rateLimits;
            rateLimits += 1;
            if (waited + ms > limits.maxWaitMs) throw failure(429);
            waited += ms;
            await sleep(ms);
          },
        });
      } catch (error) {
        if (error instanceof PlatformError) throw error;
        if (error instanceof RateLimited) throw failure(429);
        throw error;
      }
    },
  };
}

/** A seller-given address that is not a public https host: nothing is sent, and the seller is asked to fix it. */
async function refuseNonPublic(name: string, url: URL, lookup: LookupAll | undefined): Promise<void> {
  try {
    await assertPublicHttps(url, lookup);
  } catch (err) {
    if (!(err instanceof NotPublicHost)) throw err;
    if (err.reason === 'unresolved') throw new AbortError(new PlatformError(`${name} could not be reached; the sync will try again shortly.`, 0, true));
    throw new AbortError(new PlatformError(`The ${name} store address is not a public https address. Check the ${name} settings.`, 400, false));
  }
}

/**
 * The PlatformError for a platform's HTTP status: refused credentials ask the seller to reconnect (no retry), a
 * missing store to check the settings, rate limits and server faults are retried later by the queue.
 */
export function platformFailure(name: string, status: number, detail?: string): PlatformError {
  if (status === 401 || status === 403)
    return new PlatformError(`${name} no longer accepts our access. Reconnect ${name} in Settings to sync again.`, status, false);
  if (status === 404) return new PlatformError(`${name} could not find the store or account we sync with. Check the ${name} settings.`, status, false);
  if (status === 429) return new PlatformError(`${name} is limiting our requests; the sync will try again shortly.`, status, true);
  if (status >= 500) return new PlatformError(`${name} is not answering properly (${status}); the sync will try again shortly.`, status, true);
  return new PlatformError(`${name} refused the request (${status})${detail ? `: ${detail}` : ''}.`, status, false);
}

/** A short reason from a platform's error body, for 4xx answers the seller may be able to act on. */
function errorDetail(text: string): string | undefined {
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    const candidates = [data.message, data.error_description, data.error, (data.errors as { detail?: unknown }[] | undefined)?.[0]?.detail];
    const found = candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
    return found?.slice(0, 200);
  } catch {
    return undefined;
  }
}

/** A credential the seller must have given; missing means the platform was never fully connected. */
export function requireCredential(value: string | undefined, name: string, what: string): string {
  if (value?.trim()) return value.trim();
  throw new PlatformError(`${name} is not fully connected (${what} missing). Connect ${name} in Settings.`, 400, false);
}

/** HTTP Basic credentials. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
