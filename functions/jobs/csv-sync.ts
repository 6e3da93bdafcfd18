import { csvJobMessage } from '../../events/schemas.js';
import { required } from '../config.js';
import { importUploadedObject } from '../imports/uploaded-object.js';
import { sqsWorker } from './sqs-worker.js';

/**
 * csv-jobs consumer: S3's ObjectCreated events, every object of each (S3's test event is ignored). A failed
 * message is retried by SQS and resumes its job where it stopped; a file too long for one invocation is
 * checkpointed before the timeout and continued by the same event sent again (a finished object is skipped).
 */
export const handler = sqsWorker(
  csvJobMessage,
  async (event, { lastTry, deadline }) => {
    if (!('Records' in event)) return;
    for (const r of event.Records) await importUploadedObject({ bucket: r.s3.bucket.name, key: r.s3.object.key }, lastTry, deadline);
  },
  { continueOn: () => required('QUEUE_URL_CSV_JOBS') },
);
