import { MESSAGES } from '../../shared/api/messages.js';
import { failCsvJob, getCsvJob } from '../data/csv-jobs.js';
import { noteFailedImport } from '../sellers/failed-job.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { ContinueLater, type Deadline, NO_DEADLINE } from '../domain/deadline.js';
import { addMetric, logger } from '../observability.js';
import { runCsvJob } from './csv-job.js';
import { parseUploadKey } from './csv-upload.js';
import { importCustomers } from './import-customers.js';
import { importOrders } from './import-orders.js';

const IMPORTERS = { orders: importOrders, customers: importCustomers };

/**
 * Runs the job of an object created in the upload bucket (any other object is ignored). A failure is thrown for
 * the queue to retry, which resumes the job; on the last try the job is marked failed first, so the seller sees it
 * failed rather than syncing for ever.
 */
export async function importUploadedObject(object: { bucket: string; key: string }, lastTry: boolean, deadline: Deadline = NO_DEADLINE): Promise<void> {
  const upload = parseUploadKey(object.key);
  if (!upload) {
    logger.warn('object is not an upload; ignored', { key: object.key });
    return;
  }
  try {
    await runCsvJob(upload.sellerId, upload.jobId, object, IMPORTERS, deadline);
  } catch (err) {
    // Stopping in time is no failure: the job continues in a new message.
    if (lastTry && !(err instanceof ContinueLater) && (await failCsvJob(upload.sellerId, upload.jobId, MESSAGES.csvJobFailed))) {
      addMetric(METRIC.jobsFailed);
      const job = await getCsvJob(upload.sellerId, upload.jobId);
      if (job) await noteFailedImport(job, MESSAGES.csvJobFailed);
    }
    throw err;
  }
}
