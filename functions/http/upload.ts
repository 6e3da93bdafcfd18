import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import { getCsvJobs } from '../data/csv-jobs.js';
import { csvJobView, isFinished } from '../imports/csv-status.js';
import { acceptCsvUpload } from '../imports/csv-upload.js';
import { lastSync } from '../integrations/last-sync.js';
import { InvalidInput } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

/** An orders export (or our template): stored, and imported by the csv-sync worker; the page polls its status. */
const csvSync: A<'upload.csvSync'> = async ({ seller, body }) => {
  const jobs = [];
  for (const file of body.files) jobs.push(await acceptCsvUpload(seller.sellerId, 'orders', file));
  return { success: true, ids: jobs.map((j) => j.jobId), jobs };
};

const MAX_IDS = 20;

/** Each job asked for (another seller's ids are simply not found), and whether all of them are finished. */
const csvSyncStatus: A<'upload.csvSyncStatus'> = async ({ seller, query }) => {
  const ids = [...new Set(query.ids.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw new InvalidInput({ ids: `Ask for at most ${MAX_IDS} jobs at a time.` });
  if (ids.some((id) => id.length > 200)) throw new InvalidInput({ ids: 'That id is not valid.' });
  const found = new Map((await getCsvJobs(seller.sellerId, ids)).map((j) => [j.jobId, csvJobView(j)]));
  const jobs = ids.map(
    (id) => found.get(id) ?? { id, status: 'failed' as const, failureReason: 'That upload was not found.', errors: [], rowsDone: 0 },
  );
  return { jobs, allDone: jobs.every((j) => isFinished(j.status)) };
};

/** The platform syncs since the seller's click (polled every 3 s by the integration screen). */
const getLastSync: A<'upload.getLastSync'> = async ({ seller, query }) => lastSync(seller.sellerId, query.lastClick);

export const handler = httpHandler('upload', {
  'upload.csvSync': csvSync,
  'upload.csvSyncStatus': csvSyncStatus,
  'upload.getLastSync': getLastSync,
});
