import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerPostObject, type PostObjectOptions, postObjectBucket, type PutObject } from './s3-post-object.js';

export interface ObjectCreated {
  bucket: string;
  key: string;
  eventName: 'ObjectCreated:Put' | 'ObjectCreated:Post' | 'ObjectCreated:Copy' | 'ObjectCreated:CompleteMultipartUpload';
  sourceIp: string;
  requestId: string;
}

/** Query parameters that make a PUT/POST on an object something other than creating it. */
const SUBRESOURCES = ['acl', 'tagging', 'retention', 'legal-hold', 'restore', 'select', 'uploads', 'partNumber', 'attributes'];

/** Which S3 call a request is, as far as object creation goes (path-style addressing). */
export function objectCreation(method: string, rawUrl: string, headers: IncomingMessage['headers']): Omit<ObjectCreated, 'sourceIp' | 'requestId'> | undefined {
  if (headers['x-amz-target']) return undefined; // SQS JSON protocol
  const url = new URL(rawUrl, 'http://local');
  const parts = url.pathname.split('/');
  // ['', bucket, ...key]
  if (parts.length < 3) return undefined;
  const bucket = decodeURIComponent(parts[1] ?? '');
  const key = decodeURIComponent(parts.slice(2).join('/'));
  if (!bucket || !key) return undefined;
  const q = url.searchParams;
  if (method === 'PUT') {
    if (SUBRESOURCES.some((s) => q.has(s)) || q.has('uploadId')) return undefined;
    return { bucket, key, eventName: headers['x-amz-copy-source'] ? 'ObjectCreated:Copy' : 'ObjectCreated:Put' };
  }
  if (method === 'POST' && q.has('uploadId')) return { bucket, key, eventName: 'ObjectCreated:CompleteMultipartUpload' };
  return undefined;
}

/** Stores an object in fauxqs with a plain PUT (it checks no signature), as the front's POST Object does. */
function putToTarget(target: { host: string; port: number }): PutObject {
  return (bucket, key, body, contentType) =>
    new Promise((resolve, reject) => {
      const path = `/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
      const headers = { 'content-length': String(body.length), ...(contentType ? { 'content-type': contentType } : {}) };
      const put = request({ host: target.host, port: target.port, method: 'PUT', path, headers }, (up) => {
        up.resume();
        up.on('end', () => {
          if ((up.statusCode ?? 500) >= 300) reject(new Error(`fauxqs answered ${up.statusCode} to PUT ${path}`));
          else resolve({ etag: typeof up.headers.etag === 'string' ? up.headers.etag : undefined });
        });
      });
      put.on('error', reject);
      put.end(body);
    });
}

/**
 * The SQS + S3 endpoint the functions, tests and tools use: a transparent proxy in front of fauxqs that
 * notices successful object creations (fauxqs emits no S3 event notifications) and reports them.
 * The Host header is passed through, so queue URLs fauxqs builds name this front, not fauxqs itself.
 * With `postObject`, it also answers the browser's form uploads to those buckets (s3-post-object.ts), which fauxqs
 * cannot. Port 0 takes a free port (the endpoint names it).
 */
export function startAwsFront(opts: {
  port: number;
  region: string;
  target: { host: string; port: number };
  onObjectCreated: (e: ObjectCreated) => void;
  postObject?: PostObjectOptions;
}): Promise<{ server: Server; endpoint: string; stop(): Promise<void> }> {
  let seq = 0;
  let port = opts.port;
  const publicOrigin = () => `http://127.0.0.1:${port}`;
  // fauxqs names queues http://sqs.<region>.localhost:<port>/<account>/<name> and finds them by that exact URL;
  // that host does not resolve, and the SDK sends requests to a queue URL's host. So the front hands out
  // http://127.0.0.1:<port>/<account>/<name> and maps any queue URL a caller sends back to fauxqs's form.
  const internalUrl = (url: string, auth: string | undefined) => {
    try {
      const u = new URL(url);
      const region = /^sqs\.([a-z0-9-]+)\./.exec(u.hostname)?.[1] ?? /Credential=[^/]+\/\d+\/([a-z0-9-]+)\/sqs\//.exec(auth ?? '')?.[1] ?? opts.region;
      return `http://sqs.${region}.localhost:${port}${u.pathname}`;
    } catch {
      return url;
    }
  };
  const toPublic = (text: string) => text.replace(/http:\/\/sqs\.[a-z0-9-]+\.localhost:\d+/g, publicOrigin());

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, rewriteResponse: boolean) => {
    const headers = { ...req.headers };
    if (body) {
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    }
    const created = body ? undefined : objectCreation(req.method ?? 'GET', req.url ?? '/', req.headers);
    const upstream = request(
      { host: opts.target.host, port: opts.target.port, method: req.method, path: req.url, headers },
      (up) => {
        if (rewriteResponse) {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            const out = Buffer.from(toPublic(Buffer.concat(chunks).toString('utf8')));
            const h = { ...up.headers, 'content-length': String(out.length) };
            delete h['transfer-encoding'];
            res.writeHead(up.statusCode ?? 502, h);
            res.end(out);
          });
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.rawHeaders as unknown as Record<string, string>);
        up.pipe(res);
        up.on('end', () => {
          if (!created || (up.statusCode ?? 500) >= 300) return;
          const requestId = String(up.headers['x-amz-request-id'] ?? `local-${Date.now().toString(16)}-${(seq++).toString(16)}`);
          // A CompleteMultipartUpload may answer 200 with an error body; the listener checks the object exists.
          opts.onObjectCreated({ ...created, sourceIp: sourceIp(req), requestId });
        });
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fauxqs unreachable: ${err.message}`);
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const sourceIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const put = putToTarget(opts.target);
  const server = createServer((req, res) => {
    const post = opts.postObject;
    const postBucket = post && postObjectBucket(req.method ?? 'GET', req.url ?? '/', req.headers, post.buckets);
    if (post && postBucket) {
      void answerPostObject(req, res, postBucket, post, put, (o, requestId) =>
        opts.onObjectCreated({ bucket: o.bucket, key: o.key, eventName: 'ObjectCreated:Post', sourceIp: sourceIp(req), requestId }),
      );
      return;
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!target.startsWith('AmazonSQS.')) {
      forward(req, res, undefined, false);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      try {
        const json = JSON.parse(body.toString('utf8')) as { QueueUrl?: string };
        if (typeof json.QueueUrl === 'string') {
          json.QueueUrl = internalUrl(json.QueueUrl, req.headers.authorization);
          body = Buffer.from(JSON.stringify(json));
        }
      } catch {
        // not JSON: fauxqs answers the error
      }
      const action = target.slice('AmazonSQS.'.length);
      forward(req, res, body, ['CreateQueue', 'GetQueueUrl', 'ListQueues', 'ListDeadLetterSourceQueues'].includes(action));
    });
  });
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        endpoint: publicOrigin(),
        stop: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
