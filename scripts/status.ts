/**
 * `npm run status -- <changes>`: ops change the status feed (outage notice, last feature release) and the deployed
 * version in one command (docs/runbook.md "Status feed and version (issue 16)").
 *
 *   npm run status -- --outage "Label purchases are delayed. We are on it."   show the outage notice
 *   npm run status -- --clear-outage                                          clear it (apps show the success notice)
 *   npm run status -- --release 2026-11-25                                    What's New dot for releases before it
 *   npm run status -- --clear-release                                         no What's New dot for anyone
 *   npm run status -- --version 1.8.0 [--force-local-storage-clear] [--force-one-time-storage-clear]
 *   npm run status -- --show                                                  print both
 *
 * Locally it writes the local cloud's status bucket (the gateway serves it; FAUXQS_PORT as `npm start`). In AWS,
 * `--bucket <WebBucket output>` (and the usual AWS credentials and region): CloudFront serves the feed from there.
 */
import { parseArgs } from 'node:util';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { STATUS } from '../infra/definitions.js';
import { type StatusFeed, statusFeed, versionAnswer } from '../shared/schemas/status.js';

export interface StatusChange {
  outage?: string;
  clearOutage?: boolean;
  release?: string;
  clearRelease?: boolean;
  version?: string;
  forceLocalStorageClear?: boolean;
  forceOneTimeStorageClear?: boolean;
}

async function readJson(s3: S3Client, bucket: string, key: string): Promise<unknown> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return JSON.parse((await object.Body?.transformToString('utf8')) ?? '{}');
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

/** Applies `change` to the stored feed and version (each read, changed, validated, written whole). */
export async function updateStatus(s3: S3Client, bucket: string, change: StatusChange): Promise<{ feed: StatusFeed; version?: unknown }> {
  const current = statusFeed.safeParse((await readJson(s3, bucket, STATUS.feedKey)) ?? {});
  const feed: StatusFeed = current.success ? { ...current.data } : {};
  if (change.clearOutage) delete feed.outageMessage;
  if (change.outage !== undefined) feed.outageMessage = change.outage.trim();
  if (change.clearRelease) delete feed.lastFeatureRelease;
  if (change.release !== undefined) {
    const release = change.release.trim();
    if (Number.isNaN(Date.parse(release))) throw new Error(`--release must be a date (YYYY-MM-DD): ${change.release}`);
    feed.lastFeatureRelease = release;
  }
  const feedChanged = change.clearOutage || change.clearRelease || change.outage !== undefined || change.release !== undefined;
  if (feedChanged) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: STATUS.feedKey,
        Body: JSON.stringify(statusFeed.parse(feed)),
        ContentType: 'application/json',
        CacheControl: `public, max-age=${STATUS.maxAgeSeconds}`,
      }),
    );
  }
  let version: unknown = await readJson(s3, bucket, STATUS.versionKey);
  if (change.version !== undefined) {
    version = versionAnswer.parse({
      version: change.version,
      forceLocalStorageClear: change.forceLocalStorageClear ?? false,
      forceOneTimeStorageClear: change.forceOneTimeStorageClear ?? false,
    });
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: STATUS.versionKey, Body: JSON.stringify(version), ContentType: 'application/json', CacheControl: 'no-cache' }),
    );
  }
  return { feed, version };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      outage: { type: 'string' },
      'clear-outage': { type: 'boolean' },
      release: { type: 'string' },
      'clear-release': { type: 'boolean' },
      version: { type: 'string' },
      'force-local-storage-clear': { type: 'boolean' },
      'force-one-time-storage-clear': { type: 'boolean' },
      bucket: { type: 'string' },
      show: { type: 'boolean' },
    },
  });
  const local = !values.bucket;
  const s3 = local
    ? new S3Client({
        region: process.env.AWS_REGION ?? 'us-east-1',
        endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? `http://127.0.0.1:${process.env.FAUXQS_PORT ?? '4566'}`,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        forcePathStyle: true,
      })
    : new S3Client({});
  const change: StatusChange = {
    ...(values.outage !== undefined ? { outage: values.outage } : {}),
    clearOutage: values['clear-outage'] ?? false,
    ...(values.release !== undefined ? { release: values.release } : {}),
    clearRelease: values['clear-release'] ?? false,
    ...(values.version !== undefined ? { version: values.version } : {}),
    forceLocalStorageClear: values['force-local-storage-clear'] ?? false,
    forceOneTimeStorageClear: values['force-one-time-storage-clear'] ?? false,
  };
  const nothing =
    !values.show && change.outage === undefined && !change.clearOutage && !change.clearRelease && change.release === undefined && change.version === undefined;
  if (nothing) {
    console.error('Nothing to change. Use --outage "...", --clear-outage, --release YYYY-MM-DD, --clear-release, --version X or --show (docs/runbook.md).');
    process.exitCode = 2;
    return;
  }
  const result = await updateStatus(s3, values.bucket ?? STATUS.bucket, change);
  console.log(JSON.stringify({ bucket: values.bucket ?? `${STATUS.bucket} (local)`, ...result }, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
