import { objectStream } from '../adapters/s3.js';
import {
  type CsvJob,
  type CsvJobKind,
  type CsvProgress,
  completeCsvJob,
  failCsvJob,
  getCsvJob,
  reopenCsvJob,
  saveCsvProgress,
  startCsvJob,
} from '../data/csv-jobs.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { ContinueLater, type Deadline, NO_DEADLINE, stopTime } from '../domain/deadline.js';
import { addMetric, adoptCorrelationId, logger } from '../observability.js';
import { claimUploadedFile, DELIMITERS } from './csv-file.js';
import { type CsvLine, csvLines, readHeader } from './csv-reader.js';
import type { FileReading } from './formats/format.js';
import { unsupportedOrdersMessage } from './formats/index.js';
import { noteFailedImport, noteImportSucceeded } from '../sellers/failed-job.js';

/**
 * Takes a file's records one at a time. `add` updates `progress` itself: `rowsDone` counts only rows whose effect
 * is written, in file order, so a job resumed after a crash can skip exactly those.
 */
export interface CsvSink {
  /** What the header was recognised as (a platform export, our template, a customer list). */
  format: string;
  add(line: CsvLine, progress: CsvProgress): Promise<void>;
  /** A line a resumed job does not hand over again (done by an earlier delivery): what the sink must know of it. */
  skipped?(line: CsvLine): void;
  /** Writes what is still held (the last order of a file). */
  finish(progress: CsvProgress): Promise<void>;
  /**
   * Waits for writes still under way (a batch whose effects are written while the next is read) and counts what
   * they did in `progress`, without writing what is held: before a checkpoint at the worker's timeout.
   */
  settle?(progress: CsvProgress): Promise<void>;
}

/**
 * A kind of upload: a sink for this header, or undefined when the header is not one it knows. `read` is what was
 * decided of the whole file before its rows (the order of its dates).
 */
export type CsvImporter = (sellerId: string, header: string[], read: FileReading) => CsvSink | undefined;

/** Why a file of this kind with this header is refused (orders name the report it looks like, when we know it). */
const REFUSAL: Record<CsvJobKind, (header: string[]) => string> = {
  orders: unsupportedOrdersMessage,
  customers: () => MESSAGES.unsupportedCsv,
};

/**
 * Progress is saved once this many more rows are done. The orders sink writes a batch of 100 orders (100 rows or
 * more) at a time, so every batch is followed by a checkpoint: a job resumed after a crash repeats at most one
 * batch, whose orders and effects are written once however often it runs (functions/imports/upsert-orders.ts).
 */
const CHECKPOINT_ROWS = 25;

export const progressOf = (job: CsvJob): CsvProgress => ({
  rowsDone: job.rowsDone,
  ordersCreated: job.ordersCreated,
  ordersUpdated: job.ordersUpdated,
  customersCreated: job.customersCreated,
  customersUpdated: job.customersUpdated,
  errors: [...(job.errors ?? [])],
  format: job.format,
});

/**
 * Runs (or resumes) the job of an uploaded file: streams it from S3, recognises its header, hands every row not yet
 * done to the importer of the job's kind, saves progress as it goes and marks the job complete. A job already
 * finished is left alone, so a repeated S3 event or SQS message changes nothing; one that failed every try is
 * taken up again (its message redriven from the DLQ). Before the worker's time is up (`deadline`) it saves its
 * progress and throws ContinueLater, for the job to continue in a new delivery; a delivery that could not write a
 * single row in its time fails like any other, so a file that never progresses still ends in the DLQ.
 */
export async function runCsvJob(
  sellerId: string,
  jobId: string,
  object: { bucket: string; key: string },
  importers: Record<CsvJobKind, CsvImporter>,
  deadline: Deadline = NO_DEADLINE,
): Promise<void> {
  const timeUp = stopTime(deadline);
  const job = await getCsvJob(sellerId, jobId);
  if (!job) {
    logger.warn('no job for the uploaded file; ignored', { sellerId, jobId });
    return;
  }
  adoptCorrelationId(job.correlationId);
  // A file POSTed straight to S3 is checked against the seller's earlier files here, once its bytes exist, and the
  // order of its dates decided (a file sent through the API had both done before its job was made).
  let dateOrder = job.dateOrder;
  if (!job.fileHash) {
    dateOrder = await claimUploadedFile(sellerId, job, object);
    if (!dateOrder) return;
  }
  // A message redriven from the DLQ finds its job failed by us: it resumes where the last try left it.
  const started = job.status === 'failed' ? await reopenCsvJob(sellerId, jobId, MESSAGES.csvJobFailed) : await startCsvJob(sellerId, jobId);
  if (!started) return;
  const lines = csvLines(await objectStream(object.bucket, object.key), DELIMITERS[job.kind]);
  // Rows of empty cells before the header (eBay's reports) are no line of data: progress counts from the header.
  const header = await readHeader(lines);
  const sink = header && importers[job.kind](sellerId, header, { dateOrder: dateOrder ?? 'mdy', runId: jobId });
  if (!sink) {
    await lines.return(undefined);
    const reason = header ? REFUSAL[job.kind](header) : MESSAGES.unsupportedCsv;
    if (await failCsvJob(sellerId, jobId, reason)) await noteFailedImport(job, reason);
    return;
  }
  const progress = { ...progressOf(job), format: sink.format };
  const resumeAfter = progress.rowsDone;
  let seen = 0;
  let saved = progress.rowsDone;
  for await (const line of lines) {
    seen++;
    if (seen <= resumeAfter) {
      sink.skipped?.(line);
      continue;
    }
    if (timeUp()) {
      // Rows the sink still holds are not counted in rowsDone: the next delivery reads them again.
      await lines.return(undefined);
      await sink.settle?.(progress);
      if (progress.rowsDone === resumeAfter) throw new Error(`csv job ${jobId} wrote no row before its worker's timeout`);
      await saveCsvProgress(sellerId, jobId, progress);
      logger.info('csv job checkpointed before the timeout', { sellerId, jobId, rowsDone: progress.rowsDone });
      throw new ContinueLater(`csv job ${jobId}`);
    }
    await sink.add(line, progress);
    if (progress.rowsDone - saved >= CHECKPOINT_ROWS) {
      await saveCsvProgress(sellerId, jobId, progress);
      saved = progress.rowsDone;
    }
  }
  await sink.finish(progress);
  await completeCsvJob(sellerId, jobId, progress);
  await noteImportSucceeded(job);
  recordImport(job, progress);
  logger.info('csv job complete', { sellerId, jobId, kind: job.kind, format: sink.format, rows: progress.rowsDone, errors: progress.errors.length });
}

/**
 * A finished import's figures, once per job: rows and row errors of the whole file, and how long the seller waited
 * from the upload to the end (queueing included: one seller's large file delaying others shows here).
 */
function recordImport(job: CsvJob, progress: CsvProgress): void {
  addMetric(METRIC.importRows, progress.rowsDone);
  addMetric(METRIC.importRowErrors, progress.errors.length);
  addMetric(METRIC.importDuration, Math.max(0, Date.now() - Date.parse(job.createdAt)), 'Milliseconds');
}
