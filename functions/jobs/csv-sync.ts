import { csvJobMessage } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { failCsvJob } from '../data/csv-jobs.js';
import { runCsvJob } from '../imports/csv-job.js';
import { parseUploadKey } from '../imports/csv-upload.js';
import { importCustomers } from '../imports/import-customers.js';
import { importOrders } from '../imports/import-orders.js';
import { logger } from '../observability.js';
import { sqsWorker } from './sqs-worker.js';

const IMPORTERS = { orders: importOrders, customers: importCustomers };

/**
 * csv-jobs consumer: S3's ObjectCreated events (one or more objects each; S3's test event is ignored). A failed
 * message is retried by SQS and resumes its job where it stopped.
 */
export const handler = sqsWorker(csvJobMessage, async (event, { lastTry }) => {
  if (!('Records' in event)) return;
  for (const r of event.Records) {
    const key = r.s3.object.key;
    const upload = parseUploadKey(key);
    if (!upload) {
      logger.warn('object is not an upload; ignored', { key });
      continue;
    }
    try {
      await runCsvJob(upload.sellerId, upload.jobId, { bucket: r.s3.bucket.name, key }, IMPORTERS);
    } catch (err) {
      // The last try: the seller must see the job failed rather than syncing for ever.
      if (lastTry) await failCsvJob(upload.sellerId, upload.jobId, MESSAGES.csvJobFailed);
      throw err;
    }
  }
});
