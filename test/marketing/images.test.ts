import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { EMAIL_IMAGES } from '../../infra/definitions.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

const UPLOAD = '/ConsultantEmailMarketing/UploadImage';

/** A 1×1 PNG. */
const PNG: Uint8Array<ArrayBuffer> = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

const form = (bytes: Uint8Array<ArrayBuffer>, filename: string, type: string) => {
  const f = new FormData();
  f.append('file', new Blob([bytes], { type }), filename);
  return f;
};

const s3 = () =>
  new S3Client({ region: process.env.AWS_REGION, endpoint: process.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

async function storedKeys(seller: TestSeller): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: EMAIL_IMAGES.bucket, Prefix: `${EMAIL_IMAGES.prefix}${seller.sellerId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('email image upload', () => {
  it('stores a PNG under the seller and answers a URL that serves it', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const res = await seller.api('POST', UPLOAD, { body: form(PNG, 'logo.png', 'image/png') });
    expect(res.status).toBe(200);
    expect(res.json.key).toMatch(new RegExp(`^email-images/${seller.sellerId}/[0-9a-f]{64}\\.png$`));
    expect(res.json.url).toBe(`${process.env.TEST_WEB_URL}/${res.json.key}`);
    const served = await fetch(res.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(await storedKeys(seller)).toEqual([res.json.key]);
    // Another key of the path is nothing the gateway serves.
    expect((await fetch(`${process.env.TEST_WEB_URL}/email-images/${seller.sellerId}/x.png`)).status).toBe(404);
  });

  it('refuses a file that is not an image whatever its name and type, and one over 5 MB; nothing is written', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const fake = await seller.api('POST', UPLOAD, { body: form(new TextEncoder().encode('<svg/>'), 'logo.png', 'image/png') });
    expect(fake.status).toBe(400);
    expect(fake.json.message).toBe(MESSAGES.imageNotImage);
    const big = new Uint8Array(5_000_001);
    big.set(PNG);
    const tooLarge = await seller.api('POST', UPLOAD, { body: form(big, 'big.png', 'image/png') });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json.message).toBe(MESSAGES.fileTooLarge('5 MB'));
    expect(await storedKeys(seller)).toEqual([]);
  });
});
