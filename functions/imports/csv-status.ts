import { MESSAGES } from '../../shared/api/messages.js';
import { type CsvJob, getCsvJobs } from '../data/csv-jobs.js';

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
  };
}
export type CsvJobView = ReturnType<typeof csvJobView>;

export const isFinished = (status: CsvJob['status']) => status === 'complete' || status === 'failed';

/** Each job asked for (another seller's ids are simply not found), and whether all of them are finished. */
export async function csvJobStatuses(sellerId: string, ids: readonly string[]) {
  const found = new Map((await getCsvJobs(sellerId, ids)).map((j) => [j.jobId, csvJobView(j)]));
  const jobs = ids.map(
    (id) => found.get(id) ?? { id, status: 'failed' as const, failureReason: MESSAGES.uploadNotFound, errors: [], rowsDone: 0 },
  );
  return { jobs, allDone: jobs.every((j) => isFinished(j.status)) };
}
