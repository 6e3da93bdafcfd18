import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ObjectCreated, startAwsFront } from '../../infra/local/aws-front.js';
import { policyOf, postObjectForm } from '../imports/upload-support.js';

/**
 * S3's POST Object, as the local cloud's front answers it for the upload bucket (the emulator cannot): a front of
 * this file's own, in front of the run's S3, so every event it reports is seen here. Keys outside the uploads prefix,
 * so the run's csv-jobs worker never hears of them.
 */

const ORIGIN = 'http://app.test:5173';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const events: ObjectCreated[] = [];
let front: Awaited<ReturnType<typeof startAwsFront>>;
let signer: S3Client;
let reader: S3Client;

const bucket = () => process.env.UPLOAD_BUCKET as string;
const region = () => process.env.AWS_REGION as string;

beforeAll(async () => {
  const upstream = new URL(process.env.AWS_ENDPOINT_URL_S3 as string);
  front = await startAwsFront({
    port: 0,
    region: region(),
    target: { host: upstream.hostname, port: Number(upstream.port) },
    onObjectCreated: (e) => events.push(e),
    postObject: { buckets: [bucket()], credentials, origins: [ORIGIN] },
  });
  signer = new S3Client({ region: region(), endpoint: front.endpoint, credentials, forcePathStyle: true });
  reader = new S3Client({ region: region(), endpoint: upstream.origin, credentials, forcePathStyle: true });
});
afterAll(async () => {
  signer.destroy();
  reader.destroy();
  await front.stop();
});
beforeEach(() => {
  events.length = 0;
});

const newKey = () => `post-object-test/${randomUUID()}.csv`;

/** A form as /upload/presign signs it: one key, text/csv, 1..`max` bytes. */
async function sign(key: string, o: { max?: number; expires?: number; client?: S3Client } = {}) {
  const options: PresignedPostOptions = {
    Bucket: bucket(),
    Key: key,
    Fields: { 'Content-Type': 'text/csv' },
    Conditions: [['content-length-range', 1, o.max ?? 1000]],
    Expires: o.expires ?? 300,
  };
  return createPresignedPost(o.client ?? signer, options);
}

const post = (url: string, fields: Record<string, string>, bytes: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body: postObjectForm(fields, bytes), headers });

const stored = (key: string) => reader.send(new HeadObjectCommand({ Bucket: bucket(), Key: key })).then(
  () => true,
  () => false,
);

/** Refused with S3's status and code, nothing stored under either key, no event. */
async function expectRefused(res: Response, status: number, code: string, ...keys: string[]) {
  expect(res.status).toBe(status);
  expect(await res.text()).toContain(`<Code>${code}</Code>`);
  for (const key of keys) expect(await stored(key), key).toBe(false);
  // Give a wrongly sent event the time to arrive before saying there is none.
  await new Promise((r) => setTimeout(r, 100));
  expect(events).toEqual([]);
}

describe('POST Object on the local S3 (the upload bucket)', () => {
  it('stores a form that holds, with its type, answers 204 with CORS for the web origin, and reports ObjectCreated:Post', async () => {
    const key = newKey();
    const { url, fields } = await sign(key);
    const res = await post(url, fields, 'Name\nAda\n', { origin: ORIGIN });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const object = await reader.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    expect(await object.Body?.transformToString()).toBe('Name\nAda\n');
    expect(object.ContentType).toBe('text/csv');
    expect(events).toEqual([expect.objectContaining({ bucket: bucket(), key, eventName: 'ObjectCreated:Post' })]);
  });

  it('refuses a forged key: 403 AccessDenied', async () => {
    const key = newKey();
    const forged = newKey();
    const { url, fields } = await sign(key);
    await expectRefused(await post(url, { ...fields, key: forged }, 'Name\nAda\n'), 403, 'AccessDenied', key, forged);
  });

  it('refuses an expired policy: 403 AccessDenied', async () => {
    const key = newKey();
    const { url, fields } = await sign(key, { expires: -1 });
    expect(Date.parse(policyOf(fields).expiration)).toBeLessThan(Date.now());
    await expectRefused(await post(url, fields, 'Name\nAda\n'), 403, 'AccessDenied', key);
  });

  it('refuses a file over the range: 400 EntityTooLarge; and an empty one: 400 EntityTooSmall', async () => {
    const key = newKey();
    const { url, fields } = await sign(key, { max: 10 });
    await expectRefused(await post(url, fields, '01234567890'), 400, 'EntityTooLarge', key);
    await expectRefused(await post(url, fields, ''), 400, 'EntityTooSmall', key);
  });

  it('refuses a bad signature: a policy signed with another secret, or a policy changed after signing', async () => {
    const key = newKey();
    const wrong = new S3Client({ region: region(), endpoint: front.endpoint, credentials: { ...credentials, secretAccessKey: 'guessed' }, forcePathStyle: true });
    const forged = await sign(key, { client: wrong });
    wrong.destroy();
    await expectRefused(await post(forged.url, forged.fields, 'Name\nAda\n'), 403, 'SignatureDoesNotMatch', key);

    // A policy widened by hand (any key, any size) no longer matches its signature.
    const { url, fields } = await sign(key);
    const policy = policyOf(fields);
    policy.conditions = policy.conditions.map((c) => (JSON.stringify(c).includes('"key"') ? ['starts-with', '$key', ''] : c));
    const widened = { ...fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64'), key: newKey() };
    await expectRefused(await post(url, widened, 'Name\nAda\n'), 403, 'SignatureDoesNotMatch', key, widened.key);
  });

  it('refuses another content type, and a field the policy does not name: 403 AccessDenied', async () => {
    const key = newKey();
    const { url, fields } = await sign(key);
    await expectRefused(await post(url, { ...fields, 'Content-Type': 'text/html' }, '<script>'), 403, 'AccessDenied', key);
    await expectRefused(await post(url, { ...fields, 'x-amz-meta-owner': 'someone' }, 'Name\nAda\n'), 403, 'AccessDenied', key);
  });

  it('refuses a form without a policy: 403', async () => {
    const key = newKey();
    await expectRefused(await post(`${front.endpoint}/${bucket()}`, { key }, 'Name\nAda\n'), 403, 'AccessDenied', key);
  });

  it("answers CORS preflight for the web app's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(`${front.endpoint}/${bucket()}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    const other = await preflight('http://evil.test');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
