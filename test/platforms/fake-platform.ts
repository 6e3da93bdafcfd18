import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One small loopback stand-in for any platform's order API, on 127.0.0.1: routes answer with the platform's
 * documented response bodies, every request's credentials are checked the platform's way (anything else gets
 * the platform's 401 body), and the first request to the rate-limited route gets the platform's 429 with its own
 * wait header before the same request succeeds. Every request is recorded for the test to inspect.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body parsed as JSON (or as a form), {} when empty. */
  json: Record<string, unknown>;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface FakePlatformConfig {
  /** `${METHOD} ${pathname}` -> the answer. */
  routes: Record<string, (request: FakeRequest, fake: FakePlatform) => FakeAnswer>;
  /** True when the request carries the credentials the platform would accept. */
  authorized(request: FakeRequest): boolean;
  /** What the platform answers to bad credentials. */
  unauthorized: FakeAnswer;
  /** The route whose first request is answered 429, and how the platform words that answer. */
  rateLimit?: { route: string; answer: FakeAnswer };
}

export interface FakePlatform {
  url: string;
  requests: FakeRequest[];
  /** Requests answered 429. */
  rateLimited: FakeRequest[];
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parse(body: string, type: string | undefined): Record<string, unknown> {
  if (!body) return {};
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  return JSON.parse(body) as Record<string, unknown>;
}

export async function startFakePlatform(config: FakePlatformConfig): Promise<FakePlatform> {
  const fake: FakePlatform = { url: '', requests: [], rateLimited: [], close: async () => {} };
  let limited = false;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await read(req);
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, json: parse(body, req.headers['content-type']) };
    fake.requests.push(request);
    const send = (answer: FakeAnswer) => {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    const key = `${request.method} ${request.path}`;
    const route = config.routes[key];
    if (!route) return send({ status: 404, body: { message: `No route ${key}` } });
    if (!config.authorized(request)) return send({ status: 401, ...config.unauthorized });
    if (config.rateLimit && config.rateLimit.route === key && !limited) {
      limited = true;
      fake.rateLimited.push(request);
      return send({ status: 429, ...config.rateLimit.answer });
    }
    send(route(request, fake));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Items `offset .. offset+limit` of a list, as a page. */
export function pageOf<T>(all: readonly T[], offset: number, limit: number): T[] {
  return all.slice(offset, offset + limit);
}
