import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Busboy from 'busboy';

/**
 * S3's POST Object (a browser form upload with a signed policy) for the local cloud: the emulator answers
 * `POST /<bucket>` as DeleteObjects and has no CORS, so the front checks the form as S3 does and stores the object
 * with a PUT. Only what our presigned POSTs use: SigV4 policies, exact and starts-with conditions, content-length-range.
 */
export interface PostObjectOptions {
  /** The buckets a browser may POST to (the upload bucket). */
  buckets: readonly string[];
  /** The credentials a policy may be signed with: the local cloud's. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The web app's origins: CORS preflights and answers name only these. */
  origins: readonly string[];
}

export interface StoredObject {
  bucket: string;
  key: string;
  etag: string | undefined;
}

/** Writes an object where the emulator keeps it; rejects when it could not. */
export type PutObject = (bucket: string, key: string, body: Buffer, contentType: string | undefined) => Promise<{ etag: string | undefined }>;

/** The bucket a request addresses, when it is a form POST or a CORS preflight for one of `buckets`. */
export function postObjectBucket(method: string, rawUrl: string, headers: IncomingMessage['headers'], buckets: readonly string[]): string | undefined {
  const path = new URL(rawUrl, 'http://local').pathname.split('/').filter(Boolean);
  const bucket = decodeURIComponent(path[0] ?? '');
  if (!buckets.includes(bucket)) return undefined;
  if (method === 'OPTIONS') return bucket;
  if (method === 'POST' && path.length === 1 && /^multipart\/form-data/i.test(String(headers['content-type'] ?? ''))) return bucket;
  return undefined;
}

/** An error as S3 writes it; the request is refused and nothing is stored. */
class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function errorXml(e: S3Refusal, requestId: string): string {
  const extra = Object.entries(e.extra).map(([k, v]) => `<${k}>${xmlEscape(String(v))}</${k}>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message>${extra.join('')}<RequestId>${requestId}</RequestId></Error>`;
}

const policyFailed = (why: string) => new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: ${why}`);

type Condition = Record<string, unknown> | unknown[];
interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** SigV4 of a POST policy: the signing key of the credential's scope, over the base64 policy as sent. */
export function policySignature(policyBase64: string, secretAccessKey: string, scope: { date: string; region: string; service: string }): string {
  const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, scope.date), scope.region), scope.service), 'aws4_request');
  return createHmac('sha256', key).update(policyBase64).digest('hex');
}

function checkSignature(fields: Map<string, string>, policyBase64: string, credentials: PostObjectOptions['credentials']): void {
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Refusal(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 POST policies are accepted.');
  const [accessKeyId, date, region, service, terminator] = (fields.get('x-amz-credential') ?? '').split('/');
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request') throw new S3Refusal(400, 'InvalidArgument', 'x-amz-credential is malformed.');
  if (accessKeyId !== credentials.accessKeyId) throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const expected = Buffer.from(policySignature(policyBase64, credentials.secretAccessKey, { date, region, service }));
  const given = Buffer.from(fields.get('x-amz-signature') ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
}

function readPolicy(policyBase64: string): Policy {
  try {
    const policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as Partial<Policy>;
    if (typeof policy.expiration === 'string' && Array.isArray(policy.conditions)) return policy as Policy;
  } catch {
    // answered below
  }
  throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
}

/**
 * Checks every condition but the size against the form (names compare case-insensitively, as S3 does) and answers
 * the size range; every field besides the policy, the signature and x-ignore-* must be named by a condition.
 */
function checkConditions(policy: Policy, fields: Map<string, string>): { min: number; max: number } {
  const expires = Date.parse(policy.expiration);
  if (!Number.isFinite(expires) || expires <= Date.now()) throw policyFailed('Policy expired.');
  let range = { min: 0, max: Number.POSITIVE_INFINITY };
  const covered = new Set<string>();
  for (const c of policy.conditions) {
    let op: unknown;
    let name: string;
    let value: unknown;
    if (Array.isArray(c)) {
      if (c[0] === 'content-length-range') {
        range = { min: Number(c[1]), max: Number(c[2]) };
        continue;
      }
      [op, name, value] = [c[0], String(c[1] ?? '').replace(/^\$/, '').toLowerCase(), c[2]];
    } else {
      const entries = Object.entries(c);
      if (entries.length !== 1) throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid Simple-Condition.');
      [op, name, value] = ['eq', (entries[0]?.[0] ?? '').toLowerCase(), entries[0]?.[1]];
    }
    covered.add(name);
    const actual = fields.get(name) ?? '';
    const holds = op === 'eq' ? actual === value : op === 'starts-with' ? typeof value === 'string' && actual.startsWith(value) : false;
    if (!holds) throw policyFailed(`Policy Condition failed: ${JSON.stringify(Array.isArray(c) ? c : [op, `$${name}`, value])}`);
  }
  for (const name of fields.keys()) {
    if (['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-') || covered.has(name)) continue;
    throw policyFailed(`Extra input fields: ${name}`);
  }
  return range;
}

/** Reads the form up to its file (S3 ignores what follows it), checking the policy before a byte of the file is kept. */
function readForm(req: IncomingMessage, bucket: string, options: PostObjectOptions): Promise<{ fields: Map<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>([['bucket', bucket]]);
    let settled = false;
    const settle = (err: unknown, value?: { fields: Map<string, string>; body: Buffer }) => {
      if (settled) return;
      settled = true;
      // The rest of the request is read and dropped, so the client sees the answer rather than a reset.
      req.resume();
      if (err) reject(err);
      else if (value) resolve(value);
    };
    let form: Busboy.Busboy;
    try {
      form = Busboy({ headers: req.headers, limits: { fields: 50, fieldSize: 64 * 1024, files: 1 } });
    } catch {
      reject(new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      return;
    }
    form.on('field', (name, value) => {
      const lower = name.toLowerCase();
      if (lower !== 'bucket') fields.set(lower, value);
    });
    form.on('file', (name, file) => {
      if (name.toLowerCase() !== 'file') {
        file.resume();
        return;
      }
      let range: { min: number; max: number };
      try {
        const policyBase64 = fields.get('policy');
        if (!policyBase64) throw new S3Refusal(403, 'AccessDenied', 'Anonymous access is forbidden for this operation');
        checkSignature(fields, policyBase64, options.credentials);
        range = checkConditions(readPolicy(policyBase64), fields);
      } catch (err) {
        file.resume();
        settle(err);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      file.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= range.max) chunks.push(chunk);
      });
      file.on('end', () => {
        if (size > range.max) {
          settle(new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { ProposedSize: size, MaxSizeAllowed: range.max }));
        } else if (size < range.min) {
          settle(new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', { ProposedSize: size, MinSizeAllowed: range.min }));
        } else settle(undefined, { fields, body: Buffer.concat(chunks) });
      });
    });
    form.on('error', () => settle(new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')));
    form.on('close', () => settle(new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.')));
    req.pipe(form);
  });
}

/** CORS headers for an allowed origin (S3 answers with the matching rule only). */
function corsHeaders(req: IncomingMessage, options: PostObjectOptions): Record<string, string> {
  const origin = String(req.headers.origin ?? '');
  return options.origins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
}

/**
 * Answers a CORS preflight or a form POST for `bucket`. A form whose policy, signature or size does not hold is
 * refused with S3's error and nothing is stored; otherwise the object is put and `onCreated` reports it, as S3 would
 * send ObjectCreated:Post.
 */
export async function answerPostObject(
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  options: PostObjectOptions,
  put: PutObject,
  onCreated: (object: StoredObject, requestId: string) => void,
): Promise<void> {
  const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
  const cors = corsHeaders(req, options);
  if (req.method === 'OPTIONS') {
    const method = String(req.headers['access-control-request-method'] ?? '');
    if (!cors['access-control-allow-origin'] || method !== 'POST') {
      res.writeHead(403, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      res.end(errorXml(new S3Refusal(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.'), requestId));
      return;
    }
    res.writeHead(200, {
      ...cors,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? ''),
      'access-control-max-age': '3000',
      'x-amz-request-id': requestId,
      'content-length': '0',
    });
    res.end();
    return;
  }
  try {
    const { fields, body } = await readForm(req, bucket, options);
    const key = fields.get('key') ?? '';
    if (!key) throw new S3Refusal(400, 'InvalidArgument', 'Bucket POST must contain a field named \'key\'.');
    const { etag } = await put(bucket, key, body, fields.get('content-type'));
    res.writeHead(204, {
      ...cors,
      ...(cors['access-control-allow-origin'] ? { 'access-control-expose-headers': 'ETag, Location' } : {}),
      location: `/${bucket}/${encodeURIComponent(key)}`,
      ...(etag ? { etag } : {}),
      'x-amz-request-id': requestId,
    });
    res.end();
    onCreated({ bucket, key, etag }, requestId);
  } catch (err) {
    const refusal = err instanceof S3Refusal ? err : new S3Refusal(500, 'InternalError', 'We encountered an internal error. Please try again.');
    res.writeHead(refusal.status, { ...cors, 'content-type': 'application/xml', 'x-amz-request-id': requestId });
    res.end(errorXml(refusal, requestId));
  }
}
