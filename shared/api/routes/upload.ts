import * as z from 'zod';
import { jobIdsParam } from '../../schemas/common.js';
import { lastClick, lastSyncAnswer } from '../../schemas/integrations.js';
import { csvStatusAnswer, csvUploadAnswer, orderUploadBody, presignAnswer, presignBody } from '../../schemas/upload.js';
import { route } from './define.js';

/** The upload call group's routes (served by functions/http/upload.ts). */
export const uploadRoutes = [
  // Upload and sync
  route('upload.csvSync', 'POST', '/upload/csvSync', 'upload', { body: orderUploadBody, multipart: true, response: csvUploadAnswer }),
  // A CSV goes from the browser straight to S3 (a Lambda request carries at most 6 MB); its S3 event starts the job.
  route('upload.presign', 'POST', '/upload/presign', 'upload', { body: presignBody, response: presignAnswer, source: 'issue-13' }),
  route('upload.csvSyncStatus', 'GET', '/upload/csvSyncStatus', 'upload', {
    query: z.object({ ids: jobIdsParam }),
    response: csvStatusAnswer,
  }),
  route('upload.getLastSync', 'GET', '/upload/getLastSync', 'upload', {
    query: z.object({ lastClick }),
    response: lastSyncAnswer,
  }),
] as const;
