import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { s3ObjectCreated, s3TestEvent } from '../../events/schemas.js';
import { MAX_RECEIVE_COUNT } from '../../infra/definitions.js';
import { failCsvJob } from '../data/csv-jobs.js';
import { JOB_FAILED, runCsvJob } from '../imports/csv-job.js';
import { parseUploadKey } from '../imports/csv-upload.js';
import { importCustomers } from '../imports/import-customers.js';
import { importOrders } from '../imports/import-orders.js';
import { logger } from '../observability.js';

const IMPORTERS = { orders: importOrders, customers: importCustomers };

/** S3 writes keys URL-encoded, spaces as '+'. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

async function handle(record: SQSRecord): Promise<void> {
  const body: unknown = JSON.parse(record.body);
  if (s3TestEvent.safeParse(body).success) return;
  for (const r of s3ObjectCreated.parse(body).Records) {
    const key = decodeKey(r.s3.object.key);
    const upload = parseUploadKey(key);
    if (!upload) {
      logger.warn('object is not an upload; ignored', { key });
      continue;
    }
    try {
      await runCsvJob(upload.sellerId, upload.jobId, { bucket: r.s3.bucket.name, key }, IMPORTERS);
    } catch (err) {
      // The last try: the seller must see the job failed rather than syncing for ever.
      if (Number(record.attributes.ApproximateReceiveCount) >= MAX_RECEIVE_COUNT) await failCsvJob(upload.sellerId, upload.jobId, JOB_FAILED);
      throw err;
    }
  }
}

/** csv-jobs consumer: one S3 event per message; a failed message is retried by SQS and resumes its job. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await handle(record);
    } catch (err) {
      logger.error('csv job failed; SQS will retry', { error: err as Error, messageId: record.messageId });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
