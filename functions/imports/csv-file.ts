import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { MESSAGES } from '../../shared/api/messages.js';
import { type DateEvidence, type DateOrder, decideDateOrder } from '../../shared/domain/date-order.js';
import { objectStream } from '../adapters/s3.js';
import { type CsvJobKind, claimCsvHash, failCsvJob, recordCsvFile } from '../data/csv-jobs.js';
import { noteFailedImport } from '../sellers/failed-job.js';
import { inspectCsv } from './csv-reader.js';
import { orderDateColumns } from './formats/index.js';

/** The columns whose cells are the orders' dates, per kind of upload (a customer list has none). */
export const DATE_COLUMNS: Record<CsvJobKind, (header: string[]) => readonly string[]> = {
  orders: orderDateColumns,
  customers: () => [],
};

/**
 * The cell separators each kind of upload may use, the first assumed (csv-reader.ts). A customer list may come with
 * semicolons or tabs; an order file only with commas: one written with semicolons likely writes its amounts with a
 * decimal comma, which would be read as thousands.
 */
export const DELIMITERS: Record<CsvJobKind, readonly string[]> = {
  orders: [','],
  customers: [',', ';', '\t'],
};

/**
 * The SHA-256, data rows and date evidence of a file, read once; undefined when it is not CSV we can read to the
 * end. A failure to read the stream itself is thrown (the queue retries it), not taken for a bad file.
 */
export async function digestCsv(
  input: Readable,
  dateColumns: (header: string[]) => readonly string[] = () => [],
  delimiters: readonly string[] = [','],
): Promise<{ fileHash: string; rowsTotal: number; dates: DateEvidence } | undefined> {
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
  const inspected = await inspectCsv(input.pipe(hashing), dateColumns, delimiters).catch(() => undefined);
  if (readFailure) throw readFailure;
  return inspected && { fileHash: hash.digest('hex'), rowsTotal: inspected.rows, dates: inspected.dates };
}

/**
 * The duplicate check of a file POSTed straight to S3, whose job was made before its bytes existed: the worker reads
 * the file, claims its bytes for the job, decides the order of its dates, and records them with the row count the
 * screen shows progress against. Answers the date order to read the file in; undefined when the job ends here: the same bytes are held by another job that is not
 * failed (the seller reads the duplicate message on the page that polls the job), the file is not CSV we can read,
 * or its dates read two ways and the seller has not said which (the job fails with the question and an example
 * date; the screen asks and uploads the file again with the answer). Claiming again for the same job (a retried
 * message) goes on.
 */
export async function claimUploadedFile(
  sellerId: string,
  job: { sellerId: string; jobId: string; kind: CsvJobKind; fileName: string; createdAt: string; dateOrder?: DateOrder },
  object: { bucket: string; key: string },
): Promise<DateOrder | undefined> {
  const file = await digestCsv(await objectStream(object.bucket, object.key), DATE_COLUMNS[job.kind], DELIMITERS[job.kind]);
  if (!file) {
    if (await failCsvJob(sellerId, job.jobId, MESSAGES.unsupportedCsv)) await noteFailedImport(job, MESSAGES.unsupportedCsv);
    return undefined;
  }
  if ((await claimCsvHash(sellerId, job.kind, file.fileHash, job.jobId)) === 'duplicate') {
    await failCsvJob(sellerId, job.jobId, MESSAGES.duplicateCsv);
    return undefined;
  }
  const dateOrder = decideDateOrder(file.dates, job.dateOrder);
  if (dateOrder === 'ask') {
    const sample = file.dates.ambiguous ?? file.dates.dayFirst ?? '';
    // The seller may have left the page that asks: the homepage says it too, and the import screen asks again.
    if (await failCsvJob(sellerId, job.jobId, MESSAGES.askDateOrder(sample), { dateSample: sample })) await noteFailedImport(job, MESSAGES.askDateOrder(sample));
    return undefined;
  }
  await recordCsvFile(sellerId, job.jobId, { fileHash: file.fileHash, rowsTotal: file.rowsTotal, dateOrder });
  return dateOrder;
}
