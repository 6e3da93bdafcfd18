import type { CsvJob } from '../data/csv-jobs.js';

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
