import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import { csvJobStatuses } from '../imports/csv-status.js';
import { presignCsvUpload } from '../imports/csv-presign.js';
import { acceptOrderUploads } from '../imports/csv-upload.js';
import { lastSync } from '../integrations/last-sync.js';
import { uploadRoutes } from '../../shared/api/routes/upload.js';
import { type Action, httpHandler } from './http-handler.js';
import { parseMultipart } from './multipart.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

/** An orders export (or our template): stored, and imported by the csv-sync worker; the page polls its status. */
const csvSync: A<'upload.csvSync'> = async ({ seller, body }) => acceptOrderUploads(seller.sellerId, body.files, body.fields?.dateOrder);

/** A CSV the browser sends straight to S3: its job and the signed form; the page polls the job as for csvSync. */
const presign: A<'upload.presign'> = async ({ seller, body }) => presignCsvUpload(seller.sellerId, body);

const csvSyncStatus: A<'upload.csvSyncStatus'> = async ({ seller, query }) => csvJobStatuses(seller.sellerId, query.ids);

/** The platform syncs since the seller's click (polled every 3 s by the integration screen). */
const getLastSync: A<'upload.getLastSync'> = async ({ seller, query }) => lastSync(seller.sellerId, query.lastClick);

export const handler = httpHandler('upload', uploadRoutes, {
  'upload.csvSync': csvSync,
  'upload.presign': presign,
  'upload.csvSyncStatus': csvSyncStatus,
  'upload.getLastSync': getLastSync,
}, { multipart: parseMultipart });
