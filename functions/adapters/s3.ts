import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { config, required } from '../config.js';
import { withoutSdkLogging } from './sdk-client.js';

/** Path-style addressing locally: the emulator serves buckets on one host. */
export const s3 = withoutSdkLogging(new S3Client({ region: config.AWS_REGION, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }));

/** Stores an object in the upload bucket (uploads waiting for their job, bought labels). */
export async function putUpload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: required('UPLOAD_BUCKET'), Key: key, Body: body, ContentType: contentType }));
}

/**
 * A form that lets a browser POST one object straight to the upload bucket: at `key` exactly, with `contentType`,
 * between 1 byte and `maxBytes`, for `expiresSeconds`. The browser sends `fields` then the file (S3 reads the form
 * in order and ignores what follows the file).
 */
export async function presignUploadPost(
  key: string,
  o: { contentType: string; maxBytes: number; expiresSeconds: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3, {
    Bucket: required('UPLOAD_BUCKET'),
    Key: key,
    Fields: { 'Content-Type': o.contentType },
    Conditions: [['content-length-range', 1, o.maxBytes]],
    Expires: o.expiresSeconds,
  });
}

/** An object of the upload bucket, whole. */
export async function uploadBytes(key: string): Promise<Uint8Array> {
  const object = await s3.send(new GetObjectCommand({ Bucket: required('UPLOAD_BUCKET'), Key: key }));
  if (!object.Body) throw new Error(`S3 returned no body for ${key}`);
  return object.Body.transformToByteArray();
}

/** An object as a stream, from the bucket its event names (a file is read once, row by row, never held whole). */
export async function objectStream(bucket: string, key: string): Promise<Readable> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!object.Body) throw new Error(`S3 returned no body for ${key}`);
  return object.Body as Readable;
}

/**
 * Stores an image a seller put in an email in the email-image bucket, which CloudFront serves under the same key
 * (locally, the gateway). Keys hold the content's hash, so the object never changes and may be cached for good.
 */
export async function putEmailImage(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: required('EMAIL_IMAGE_BUCKET'),
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
}


/**
 * A small text object of the status bucket (the feed, the deployed version), or undefined when it was never
 * written. Missing is the usual state of a new deployment, not an error.
 */
export async function readStatusObject(key: string): Promise<string | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: required('STATUS_BUCKET'), Key: key }));
    return object.Body ? await object.Body.transformToString('utf8') : undefined;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
    throw err;
  }
}
