import { randomUUID } from 'node:crypto';
import type { DateOrder } from '../../shared/domain/date-order.js';
import { MAX_CSV_BYTES } from '../../shared/schemas/upload.js';
import { presignUploadPost } from '../adapters/s3.js';
import { type CsvJobKind, claimCsvJob } from '../data/csv-jobs.js';
import { correlationId } from '../observability.js';
import { watchJobQuietly } from '../watchdog/watch.js';
import { csvStalledBefore } from './csv-status.js';
import { uploadKey } from './csv-upload.js';

/** Long enough for a slow connection to start sending 10 MB, short enough that a leaked form is soon useless. */
const POST_EXPIRES_SECONDS = 5 * 60;
/** What S3 stores the object as; the form fixes it, whatever type the browser gives the file (.csv is often none). */
const CSV_CONTENT_TYPE = 'text/csv';

/**
 * Lets the browser send a CSV straight to S3: a job waiting for its file ("uploading", polled like any other) and a
 * presigned POST for exactly that job's key under the seller's prefix, the size cap and the CSV type. The object's
 * ObjectCreated event starts the job; the worker checks the bytes against the seller's earlier files.
 */
export async function presignCsvUpload(sellerId: string, file: { kind: CsvJobKind; filename: string; dateOrder?: DateOrder }) {
  const jobId = `${file.kind}-${randomUUID()}`;
  const s3Key = uploadKey(sellerId, jobId);
  // `dateOrder` is the seller's answer to the question a first try of this file asked (its dates read two ways).
  const dateOrder = file.dateOrder ? { dateOrder: file.dateOrder } : {};
  await claimCsvJob(
    sellerId,
    { jobId, kind: file.kind, fileName: file.filename.slice(0, 200), s3Key, correlationId: correlationId(), ...dateOrder },
    csvStalledBefore(),
  );
  const post = await presignUploadPost(s3Key, { contentType: CSV_CONTENT_TYPE, maxBytes: MAX_CSV_BYTES, expiresSeconds: POST_EXPIRES_SECONDS });
  await watchJobQuietly({ type: 'job-watch', kind: 'csv', sellerId, jobId });
  return { jobId, ...post };
}
