import { csvHashEntity, csvJobEntity } from './entities.js';
import type { DateOrder } from '../../shared/domain/date-order.js';
import { allProcessed, applied } from './errors.js';

export type CsvJobKind = 'orders' | 'customers';
export type CsvJob = NonNullable<Awaited<ReturnType<typeof getCsvJob>>>;

/** A job reports at most this many bad rows; a file of nothing but errors must not outgrow its item (400 KB). */
export const MAX_REPORTED_ERRORS = 100;

export interface RowIssue {
  line: number;
  reason: string;
  /** Imported all the same, with something the seller should correct (issue 17: an address the checker refuses). */
  warning?: boolean;
}

/** What a job has done so far; written whole, so a redelivered message resumes from the last checkpoint. */
export interface CsvProgress {
  rowsDone: number;
  ordersCreated: number;
  ordersUpdated: number;
  customersCreated: number;
  customersUpdated: number;
  errors: RowIssue[];
  format?: string;
}

/**
 * The job of a file is named by its kind and SHA-256, so the same bytes uploaded again land on the same item: its
 * conditional create is the duplicate check, safe against two uploads at once. A job that failed may be run again
 * with the same file (the seller fixed nothing in it, but the failure may have been ours), and so may one that
 * has lost its worker (see `stalledBefore`).
 */
export function csvJobId(kind: CsvJobKind, fileHash: string): string {
  return `${kind}-${fileHash.slice(0, 40)}`;
}

export type ClaimResult = 'created' | 'duplicate';

/**
 * Creates a job waiting for its file. A file sent through the API names its job by its hash (`csvJobId`), so the
 * same bytes land on the same item and the create is the duplicate check; a job that failed is put again. A file
 * POSTed straight to S3 has a random id and no hash yet: its check is `claimCsvHash`, in the worker.
 * `stalledBefore`: a job still open (uploading or syncing) whose last progress is older than this has lost its
 * worker; it may be claimed again like a failed one.
 */
export async function claimCsvJob(
  sellerId: string,
  job: {
    jobId: string;
    kind: CsvJobKind;
    fileName: string;
    fileHash?: string;
    s3Key: string;
    rowsTotal?: number;
    correlationId?: string;
    /** The seller's answer (a presigned upload) or the order decided from the file (an upload through the API). */
    dateOrder?: DateOrder;
  },
  stalledBefore: string,
): Promise<ClaimResult> {
  const item = { sellerId, ...job, status: 'uploading' as const };
  if (await applied(csvJobEntity().create(item).go())) return 'created';
  const retried = await applied(
    csvJobEntity()
      .put(item)
      .where((a, { eq, lt }) => `${eq(a.status, 'failed')} OR ((${eq(a.status, 'uploading')} OR ${eq(a.status, 'syncing')}) AND ${lt(a.updatedAt, stalledBefore)})`)
      .go(),
  );
  return retried ? 'created' : 'duplicate';
}

/**
 * Claims a file's bytes for a job (per seller and kind): 'duplicate' while another job holding them is not failed.
 * Claiming again for the same job is 'claimed' (a retried message); a failed job's bytes pass to the new job, and
 * of two jobs taking them over at once only one does (the put is conditional on the holder it read).
 */
export async function claimCsvHash(sellerId: string, kind: CsvJobKind, fileHash: string, jobId: string): Promise<'claimed' | 'duplicate'> {
  if (await applied(csvHashEntity().create({ sellerId, kind, fileHash, jobId }).go())) return 'claimed';
  const { data: held } = await csvHashEntity().get({ sellerId, kind, fileHash }).go({ consistent: true });
  if (!held) return claimCsvHash(sellerId, kind, fileHash, jobId);
  if (held.jobId === jobId) return 'claimed';
  const holder = await getCsvJob(sellerId, held.jobId);
  if (holder && holder.status !== 'failed') return 'duplicate';
  const taken = await applied(
    csvHashEntity()
      .patch({ sellerId, kind, fileHash })
      .set({ jobId })
      .where((a, { eq }) => eq(a.jobId, held.jobId))
      .go(),
  );
  return taken ? 'claimed' : 'duplicate';
}

/** The bytes and row count of a job's file, once the worker has read it and claimed them. */
export async function recordCsvFile(
  sellerId: string,
  jobId: string,
  file: { fileHash: string; rowsTotal: number; dateOrder: DateOrder },
): Promise<void> {
  await csvJobEntity().patch({ sellerId, jobId }).set(file).go();
}

/**
 * Marks failed, with a reason the seller can act on, a job still open whose last progress is older than
 * `stalledBefore` (its worker is gone: a worker checkpoints well within its timeout). False when it moved meanwhile.
 */
export async function failStalledCsvJob(sellerId: string, jobId: string, stalledBefore: string, failureReason: string): Promise<boolean> {
  return applied(
    csvJobEntity()
      .patch({ sellerId, jobId })
      .set({ status: 'failed', failureReason })
      .where((a, { eq, lt }) => `(${eq(a.status, 'uploading')} OR ${eq(a.status, 'syncing')}) AND ${lt(a.updatedAt, stalledBefore)}`)
      .go(),
  );
}

export async function getCsvJob(sellerId: string, jobId: string) {
  const { data } = await csvJobEntity().get({ sellerId, jobId }).go({ consistent: true });
  return data;
}

/** Several jobs of one seller; ids of other sellers' jobs simply are not found (every key starts with the seller). */
export async function getCsvJobs(sellerId: string, jobIds: readonly string[]) {
  if (jobIds.length === 0) return [];
  const { data } = allProcessed(await csvJobEntity().get(jobIds.map((jobId) => ({ sellerId, jobId }))).go({ consistent: true }), 'jobs were not read');
  return data;
}

/** Marks the job as being worked on; false when it is already finished (a late or repeated event). */
export async function startCsvJob(sellerId: string, jobId: string): Promise<boolean> {
  return applied(
    csvJobEntity()
      .patch({ sellerId, jobId })
      .set({ status: 'syncing' })
      .where((a, { eq }) => `${eq(a.status, 'uploading')} OR ${eq(a.status, 'syncing')}`)
      .go(),
  );
}

/**
 * Takes up again a job that failed for a reason of ours (`reason`: every try failed), when its message is redriven
 * from the DLQ; it resumes from its last checkpoint. False for any other state or reason.
 */
export async function reopenCsvJob(sellerId: string, jobId: string, reason: string): Promise<boolean> {
  return applied(
    csvJobEntity()
      .patch({ sellerId, jobId })
      .set({ status: 'syncing' })
      .remove(['failureReason'])
      .where((a, { eq }) => `${eq(a.status, 'failed')} AND ${eq(a.failureReason, reason)}`)
      .go(),
  );
}

export async function saveCsvProgress(sellerId: string, jobId: string, progress: CsvProgress): Promise<void> {
  await csvJobEntity()
    .patch({ sellerId, jobId })
    .set({ ...progress, errors: progress.errors.slice(0, MAX_REPORTED_ERRORS) })
    .where((a, { eq }) => eq(a.status, 'syncing'))
    .go();
}

export async function completeCsvJob(sellerId: string, jobId: string, progress: CsvProgress): Promise<void> {
  await csvJobEntity()
    .patch({ sellerId, jobId })
    .set({ ...progress, errors: progress.errors.slice(0, MAX_REPORTED_ERRORS), status: 'complete', rowsTotal: progress.rowsDone })
    .where((a, { eq }) => eq(a.status, 'syncing'))
    .go();
}

/** Ends the job with a reason the seller can read; a finished job stays as it is (false). */
export async function failCsvJob(sellerId: string, jobId: string, failureReason: string, more: { dateSample?: string } = {}): Promise<boolean> {
  return applied(
    csvJobEntity()
      .patch({ sellerId, jobId })
      .set({ status: 'failed', failureReason, ...more })
      .where((a, { eq }) => `${eq(a.status, 'uploading')} OR ${eq(a.status, 'syncing')}`)
      .go(),
  );
}
