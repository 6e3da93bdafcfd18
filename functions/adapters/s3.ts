import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config.js';

/** Path-style addressing locally: the emulator serves buckets on one host. */
export const s3 = new S3Client({ region: config.AWS_REGION, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
