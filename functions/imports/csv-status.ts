import { MESSAGES } from '../../shared/api/messages.js';
import { config } from '../config.js';
import { type CsvJob, failStalledCsvJob, getCsvJobs } from '../data/csv-jobs.js';
import { logger } from '../observability.js';
import { noteFailedImport } from '../sellers/failed-job.js';

/**
 * A job still open whose last progress is older than this has lost its worker: the csv-sync worker checkpoints
 * every few rows and stops before its timeout, so a live job never goes a whole timeout without progress.
 */
export const csvStalledBefore = (at = Date.now()) => new Date(at - config.CSV_JOB_TIMEOUT_SECONDS * 1000).toISOString();

/** A job as the upload screens poll it (`/upload/csvSyncStatus`). */
export function csvJobView(job: CsvJob) {
  return {
    id: job.jobId,
    kind: job.kind,
    fileName: job.fileName,
    format: job.format,
    status: job.status,
    rowsDone: job.rowsDone,
    rowsTotal: job.rowsTotal,
    ordersCreated: job.ordersCreated,
    ordersUpdated: job.ordersUpdated,
    customersCreated: job.customersCreated,
    customersUpdated: job.customersUpdated,
    errors: job.errors ?? [],
    failureReason: job.failureReason,
    dateSample: job.status === 'failed' ? job.dateSample : undefined,
  };
}
export type CsvJobView = ReturnType<typeof csvJobView>;

export const isFinished = (status: CsvJob['status']) => status === 'complete' || status === 'failed';

/** The job as it is, or, when it has lost its worker, marked failed with what the seller can do about it. */
export async function settleStalled(job: CsvJob, stalledBefore: string): Promise<CsvJob> {
  if (isFinished(job.status) || job.updatedAt >= stalledBefore) return job;
  if (await failStalledCsvJob(job.sellerId, job.jobId, stalledBefore, MESSAGES.csvJobStalled)) {
    logger.error('csv job made no progress for longer than its worker may run; marked failed', {
      sellerId: job.sellerId,
      jobId: job.jobId,
      status: job.status,
      rowsDone: job.rowsDone,
      lastProgressAt: job.updatedAt,
    });
    // A presigned upload the browser never sent is the seller leaving, not an import that failed.
    if (job.status !== 'uploading' || job.fileHash) await noteFailedImport(job, MESSAGES.csvJobStalled);
    return { ...job, status: 'failed', failureReason: MESSAGES.csvJobStalled };
  }
  // It moved meanwhile (progress, or finished): as it is now.
  return (await getCsvJobs(job.sellerId, [job.jobId]))[0] ?? job;
}

/**
 * Each job asked for (another seller's ids are simply not found), and whether all of them are finished. A job that
 * lost its worker is marked failed here, in AWS as locally, so the screen stops waiting and the file may be
 * uploaded again.
 */
export async function csvJobStatuses(sellerId: string, ids: readonly string[]) {
  const stalledBefore = csvStalledBefore();
  const current = await Promise.all((await getCsvJobs(sellerId, ids)).map((j) => settleStalled(j, stalledBefore)));
  const found = new Map(current.map((j) => [j.jobId, csvJobView(j)]));
  const jobs = ids.map(
    (id) => found.get(id) ?? { id, status: 'failed' as const, failureReason: MESSAGES.uploadNotFound, errors: [], rowsDone: 0 },
  );
  return { jobs, allDone: jobs.every((j) => isFinished(j.status)) };
}
