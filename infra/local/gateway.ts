import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { findRoute, routeList } from '../../shared/api/routes.js';
import type { RouteDef } from '../../shared/api/route.js';
import { type AnyHandler, lambdaContext, loadHandler, ROOT } from './lambda.js';
import type { Log } from './event-sources.js';

export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const GENERIC_ERROR = 'An error occurred. Please try again later.';
const STARTING = 'The local cloud is starting. Try again in a moment.';

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
function isTextType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const t = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    t.startsWith('text/') ||
    t === 'application/json' ||
    t.endsWith('+json') ||
    t === 'application/x-www-form-urlencoded' ||
    t === 'application/xml' ||
    t.endsWith('+xml') ||
    t === 'application/javascript'
  );
}

class BodyTooLarge extends Error {}

/**
 * Reads the body up to `limit`. A larger body is still drained (up to 10x the limit) before the 413 is written, so
 * the client finishes sending and reads the answer instead of failing on a reset connection.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      if (size > limit * 10) {
        req.destroy();
        reject(new BodyTooLarge());
        return;
      }
      if (!tooLarge) chunks.push(c);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** The HTTP API (payload 2.0) event for a request on a route. */
export function toApiEvent(req: IncomingMessage, route: RouteDef, body: Buffer): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://local');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(/;\s*/).filter(Boolean) : undefined;
  const text = isTextType(req.headers['content-type']);
  const now = new Date();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = req.headers.host ?? '127.0.0.1';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: host.split(':')[0]!,
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
  if (Object.keys(query).length > 0) event.queryStringParameters = query;
  if (cookies) event.cookies = cookies;
  if (body.length > 0) {
    event.body = text ? body.toString('utf8') : body.toString('base64');
    event.isBase64Encoded = !text;
  }
  return event;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Writes a handler's result as API Gateway would (a result without statusCode is a 200 JSON body). */
function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | undefined): void {
  if (result === undefined || result === null || typeof result !== 'object' || !('statusCode' in result)) {
    sendJson(res, 200, result ?? null);
    return;
  }
  const headers: Record<string, string | number | boolean | string[]> = { ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type') && body.length > 0) headers['content-type'] = 'application/json';
  res.writeHead(result.statusCode ?? 200, headers as Record<string, string | string[]>);
  res.end(body);
}

export interface GatewayOptions {
  port: number;
  region: string;
  cognitoTarget: { host: string; port: number };
  /** Served at /config.json. */
  webConfig: () => Record<string, unknown>;
  serveWeb: boolean;
  /**
   * 'built' (npm start): web/dist as CloudFront serves it, precompressed, hashed assets cached for a year (buildWeb
   * in web-build.ts writes it). 'dev' (npm run dev, the browser tests): Vite's dev server with hot reload.
   * @default 'dev'
   */
  webMode?: 'built' | 'dev';
  /** Handlers replacing functions/http/<group>.ts (tests of the gateway itself). */
  handlers?: Partial<Record<string, AnyHandler>>;
  /** The SPA's folder (index.html, vite.config.ts). Default: web/ of the repository. */
  webRoot?: string;
  log: Log;
  /** Vite's own info lines (dependency optimisation, reloads); off unless VERBOSE. */
  verbose?: boolean;
  /** Called before the first handler module is imported (the function environment must be in place). */
  beforeHandlers?: () => void;
  /**
   * False while the cloud starts: every request is answered 503, so nothing is accepted before the event sources
   * that carry it on (an upload before the S3 notifier would never reach its queue). Unset: always ready.
   */
  isReady?: () => boolean;
  /**
   * Serves a public object at its path (email images at /email-images/*, as CloudFront does in AWS): the object's
   * bytes and type, or undefined when there is none.
   */
  publicObject?: { prefix: string; read: (key: string) => Promise<{ body: Uint8Array; contentType: string } | undefined> };
}

export interface Gateway {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/** One origin: /api/* -> the call group handlers, /config.json, /cognito/* -> cognito-local, the rest -> the SPA. */
export async function startGateway(o: GatewayOptions): Promise<Gateway> {
  const handlers = new Map<string, Promise<AnyHandler | undefined>>();
  const pathsWithMethods = new Map<string, string[]>();
  for (const r of routeList) pathsWithMethods.set(r.path, [...(pathsWithMethods.get(r.path) ?? []), r.method]);
  let web: ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) | undefined;
  let closeWeb: (() => Promise<void>) | undefined;

  const handlerFor = (group: string) => {
    const override = o.handlers?.[group];
    if (override) return Promise.resolve(override);
    let h = handlers.get(group);
    if (!h) {
      o.beforeHandlers?.();
      h = loadHandler('http', group);
      handlers.set(group, h);
      // A module that is missing now may be written later (parallel work, tsx watch): ask again next time.
      h.then((m) => (m ? undefined : handlers.delete(group))).catch(() => handlers.delete(group));
    }
    return h;
  };

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    const route = findRoute(method, path);
    if (!route) {
      const allowed = pathsWithMethods.get(path);
      if (allowed) sendJson(res, 405, { message: 'Method not allowed' }, { allow: allowed.join(', ') });
      else sendJson(res, 404, { message: 'Not found' });
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, BODY_LIMIT_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        sendJson(res, 413, { message: 'The request is too large (10 MB at most).' });
        return;
      }
      throw err;
    }
    const handler = await handlerFor(route.group);
    if (!handler) {
      sendJson(res, 501, { message: 'Not implemented yet', route: `${route.method} ${route.path}` });
      return;
    }
    const event = toApiEvent(req, route, body);
    try {
      const result = await handler(event, lambdaContext(route.group, o.region));
      writeResult(res, result);
    } catch (err) {
      o.log(`${route.method} ${route.path} (${route.group}) threw`, err);
      if (!res.headersSent) sendJson(res, 500, { message: GENERIC_ERROR });
      else res.end();
    }
  }

  function cognitoProxy(req: IncomingMessage, res: ServerResponse, path: string): void {
    const url = new URL(req.url ?? '/', 'http://local');
    const headers = { ...req.headers, host: `${o.cognitoTarget.host}:${o.cognitoTarget.port}` };
    const up = request(
      { host: o.cognitoTarget.host, port: o.cognitoTarget.port, method: req.method, path: `${path || '/'}${url.search}`, headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.rawHeaders as unknown as Record<string, string>);
        r.pipe(res);
      },
    );
    up.on('error', (err) => {
      if (!res.headersSent) sendJson(res, 502, { message: `cognito-local unreachable: ${err.message}` });
      else res.end();
    });
    req.pipe(up);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (o.isReady && !o.isReady()) {
      req.resume();
      sendJson(res, 503, { message: STARTING }, { 'retry-after': '1', 'cache-control': 'no-store' });
      return;
    }
    const fail = (err: unknown) => {
      o.log(`${req.method} ${path} failed`, err);
      if (!res.headersSent) sendJson(res, 500, { message: GENERIC_ERROR });
      else res.end();
    };
    if (path === '/api' || path.startsWith('/api/')) {
      api(req, res, path).catch(fail);
      return;
    }
    const pub = o.publicObject;
    if (pub && path.startsWith(`/${pub.prefix}`) && (req.method === 'GET' || req.method === 'HEAD')) {
      pub
        .read(decodeURIComponent(path.slice(1)))
        .then((found) => {
          if (!found) {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
            return;
          }
          res.writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.body.length), 'cache-control': 'public, max-age=31536000, immutable' });
          res.end(req.method === 'HEAD' ? undefined : found.body);
        })
        .catch(fail);
      return;
    }
    if (path === '/config.json') {
      sendJson(res, 200, o.webConfig(), { 'cache-control': 'no-store' });
      return;
    }
    if (path === '/cognito' || path.startsWith('/cognito/')) {
      cognitoProxy(req, res, path.slice('/cognito'.length));
      return;
    }
    if (web) {
      web(req, res, (err) => {
        if (err) fail(err);
        else if (!res.headersSent) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
        }
      });
      return;
    }
    res.writeHead(o.serveWeb ? 503 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(o.serveWeb ? 'web app not built: web/index.html does not exist yet. The API is at /api.\n' : 'Not found\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const webRoot = o.webRoot ?? `${ROOT}web`;
  if (o.serveWeb && o.webMode === 'built' && existsSync(`${webRoot}/dist/index.html`)) {
    const { serveBuiltApp } = await import('./web-build.js');
    const serve = serveBuiltApp(`${webRoot}/dist`);
    web = (req, res, next) => serve(req, res, () => next());
  } else if (o.serveWeb && existsSync(`${webRoot}/index.html`)) {
    const { createServer: createVite } = await import('vite');
    const configFile = existsSync(`${webRoot}/vite.config.ts`) ? `${webRoot}/vite.config.ts` : false;
    const vite = await createVite({
      configFile,
      root: webRoot,
      appType: 'spa',
      logLevel: o.verbose ? 'info' : 'warn',
      server: { middlewareMode: true, ws: { server } },
    });
    web = vite.middlewares;
    closeWeb = () => vite.close();
  }

  return {
    server,
    url: `http://127.0.0.1:${o.port}`,
    async stop() {
      await closeWeb?.();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
