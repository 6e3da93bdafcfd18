import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { UploadedFile } from '../../shared/schemas/common.js';
import { putUpload } from '../adapters/s3.js';
import { config } from '../config.js';
import { type CsvJobKind, claimCsvHash, claimCsvJob, csvJobId, failCsvJob } from '../data/csv-jobs.js';
import { InvalidInput, Conflict, Unavailable } from '../domain/errors.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { correlationId, logger } from '../observability.js';
import { type CsvInspection, inspectCsv } from './csv-reader.js';
import { DATE_COLUMNS, DELIMITERS } from './csv-file.js';
import { type DateOrder, decideDateOrder } from '../../shared/domain/date-order.js';
import { watchJobQuietly } from '../watchdog/watch.js';
import { csvStalledBefore } from './csv-status.js';
import { customerColumns } from './customer-csv.js';
import { recognizeOrderFormat, unsupportedOrdersMessage } from './formats/index.js';

/** Where an upload waits for its job; an object created under UPLOAD_PREFIX is what starts the job (S3 -> SQS). */
export const uploadKey = (sellerId: string, jobId: string) => `${config.UPLOAD_PREFIX}${sellerId}/${jobId}.csv`;

/** The seller and job of an uploaded object's key (already URL-decoded), or undefined for any other key. */
export function parseUploadKey(key: string): { sellerId: string; jobId: string } | undefined {
  const m = new RegExp(`^${config.UPLOAD_PREFIX}([^/]+)/([^/]+)\\.csv$`).exec(key);
  return m?.[1] && m[2] ? { sellerId: m[1], jobId: m[2] } : undefined;
}

/** Whether a header row is one the kind's importer reads; the worker checks again, this answers the seller at once. */
const READABLE: Record<CsvJobKind, (header: string[]) => boolean> = {
  orders: (header) => recognizeOrderFormat(header) !== undefined,
  customers: (header) => customerColumns(header) !== undefined,
};

/** Why a file of this kind with this header is refused (orders name the report it looks like, when we know it). */
const REFUSAL: Record<CsvJobKind, (header: string[]) => string> = {
  orders: unsupportedOrdersMessage,
  customers: () => MESSAGES.unsupportedCsv,
};

/**
 * Accepts an uploaded CSV (named .csv, which the route's schema checks): readable to the end with a header row we
 * recognise (else 400, nothing stored, the message naming the report it looks like when we know it), its dates in
 * an order the file or the seller's `dateOrder` settles (else 400 asking which), the same bytes never twice (per
 * seller and kind), counted so the screen can show progress against a total, then stored where its ObjectCreated
 * event starts the job. Answers the job's id.
 */
export async function acceptCsvUpload(
  sellerId: string,
  kind: CsvJobKind,
  file: UploadedFile,
  answer?: DateOrder,
): Promise<{ jobId: string; rowsTotal: number }> {
  const fileHash = createHash('sha256').update(file.content).digest('hex');
  const jobId = csvJobId(kind, fileHash);
  const unreadable: CsvInspection = { header: [], rows: 0, dates: {} };
  const { header, rows: rowsTotal, dates } = await inspectCsv(Readable.from([Buffer.from(file.content)]), DATE_COLUMNS[kind], DELIMITERS[kind]).catch(() => unreadable);
  if (header.length === 0) throw new InvalidInput({ files: MESSAGES.unsupportedCsv });
  if (!READABLE[kind](header)) throw new InvalidInput({ files: REFUSAL[kind](header) });
  const dateOrder = decideDateOrder(dates, answer);
  if (dateOrder === 'ask') throw new InvalidInput({ dateOrder: MESSAGES.askDateOrder(dates.ambiguous ?? dates.dayFirst ?? '') });
  const s3Key = uploadKey(sellerId, jobId);
  const claimed = await claimCsvJob(
    sellerId,
    { jobId, kind, fileName: file.filename.slice(0, 200), fileHash, s3Key, rowsTotal, correlationId: correlationId(), dateOrder },
    csvStalledBefore(),
  );
  if (claimed === 'duplicate') throw new Conflict(MESSAGES.duplicateCsv, { jobId });
  // The same record as a file POSTed straight to S3 claims in the worker: one check, whichever way a file came.
  if ((await claimCsvHash(sellerId, kind, fileHash, jobId)) === 'duplicate') {
    await failCsvJob(sellerId, jobId, MESSAGES.duplicateCsv);
    throw new Conflict(MESSAGES.duplicateCsv, { jobId });
  }
  try {
    await putUpload(s3Key, file.content, 'text/csv');
  } catch (err) {
    logger.error('upload could not be stored', { error: err as Error, sellerId, jobId });
    await failCsvJob(sellerId, jobId, MESSAGES.generic);
    throw new Unavailable(MESSAGES.generic);
  }
  await watchJobQuietly({ type: 'job-watch', kind: 'csv', sellerId, jobId });
  return { jobId, rowsTotal };
}

/** An orders export (or our template) per file, each accepted in turn: the page polls the jobs' status. */
export async function acceptOrderUploads(sellerId: string, files: readonly UploadedFile[], dateOrder?: DateOrder) {
  const jobs = [];
  for (const file of files) jobs.push(await acceptCsvUpload(sellerId, 'orders', file, dateOrder));
  return { success: true as const, ids: jobs.map((j) => j.jobId), jobs };
}
