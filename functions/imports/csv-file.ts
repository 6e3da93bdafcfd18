import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { MESSAGES } from '../../shared/api/messages.js';
import { objectStream } from '../adapters/s3.js';
import { type CsvJobKind, claimCsvHash, failCsvJob, recordCsvFile } from '../data/csv-jobs.js';
import { inspectCsv } from './csv-reader.js';

/**
 * The SHA-256 and data rows of a file, read once; undefined when it is not CSV we can read to the end. A failure to
 * read the stream itself is thrown (the queue retries it), not taken for a bad file.
 */
export async function digestCsv(input: Readable): Promise<{ fileHash: string; rowsTotal: number } | undefined> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let readFailure: unknown;
  input.on('error', (err) => {
    readFailure = err;
    hashing.destroy(err);
  });
  const inspected = await inspectCsv(input.pipe(hashing)).catch(() => undefined);
  if (readFailure) throw readFailure;
  return inspected && { fileHash: hash.digest('hex'), rowsTotal: inspected.rows };
}

/**
 * The duplicate check of a file POSTed straight to S3, whose job was made before its bytes existed: the worker reads
 * the file, claims its bytes for the job, and records them with the row count the screen shows progress against.
 * False when the job ends here: the same bytes are held by another job that is not failed (the seller reads the
 * duplicate message on the page that polls the job), or the file is not CSV we can read. Claiming again for the
 * same job (a retried message) goes on.
 */
export async function claimUploadedFile(
  sellerId: string,
  job: { jobId: string; kind: CsvJobKind },
  object: { bucket: string; key: string },
): Promise<boolean> {
  const file = await digestCsv(await objectStream(object.bucket, object.key));
  if (!file) {
    await failCsvJob(sellerId, job.jobId, MESSAGES.unsupportedCsv);
    return false;
  }
  if ((await claimCsvHash(sellerId, job.kind, file.fileHash, job.jobId)) === 'duplicate') {
    await failCsvJob(sellerId, job.jobId, MESSAGES.duplicateCsv);
    return false;
  }
  await recordCsvFile(sellerId, job.jobId, file);
  return true;
}
