import type { Platform } from '../../shared/domain/platforms.js';
import type { CsvJobKind } from '../data/csv-jobs.js';
import { clearFailedJob, dismissFailedJob, type FailedJob, getFailedJob, recordFailedJob } from '../data/failed-jobs.js';
import { now } from '../data/table.js';
import { logger } from '../observability.js';

/**
 * The seller's last failed import or sync, for /homepage (docs/data-model.md, "A failed import or sync"). Written
 * by the workers when a job fails where the seller may no longer be watching, cleared when a later job of the same
 * kind succeeds or the seller dismisses it. The job's own item stays the truth: a marker that could not be written
 * is logged, never a reason to fail or retry the job.
 */

type CsvJobRef = { sellerId: string; jobId: string; kind: CsvJobKind; fileName: string; createdAt: string };
type SyncRef = { sellerId: string; requestId: string; requestedAt: string; platform: Platform };

async function quietly(what: string, sellerId: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (err) {
    logger.warn(`the failed-job marker could not be ${what}`, { sellerId, error: err as Error });
  }
}

export const noteFailedImport = (job: CsvJobRef, reason: string) =>
  quietly('written', job.sellerId, () =>
    recordFailedJob({ sellerId: job.sellerId, kind: job.kind, fileName: job.fileName, jobId: job.jobId, startedAt: job.createdAt, failedAt: now(), reason }),
  );

export const noteImportSucceeded = (job: CsvJobRef) =>
  quietly('cleared', job.sellerId, () => clearFailedJob(job.sellerId, { kind: job.kind, jobId: job.jobId, startedAt: job.createdAt }));

export const noteFailedSync = (sync: SyncRef, reason: string) =>
  quietly('written', sync.sellerId, () =>
    recordFailedJob({
      sellerId: sync.sellerId,
      kind: 'sync',
      platform: sync.platform,
      jobId: sync.requestId,
      startedAt: sync.requestedAt,
      failedAt: now(),
      reason,
    }),
  );

export const noteSyncSucceeded = (sync: SyncRef) =>
  quietly('cleared', sync.sellerId, () =>
    clearFailedJob(sync.sellerId, { kind: 'sync', platform: sync.platform, jobId: sync.requestId, startedAt: sync.requestedAt }),
  );

/** What /homepage shows of the marker. */
export async function lastFailedJob(sellerId: string): Promise<FailedJob | null> {
  return getFailedJob(sellerId);
}

/** The seller has seen the failure (`failedAt`, as the homepage showed it): it goes, unless a newer one came since. */
export async function dismissFailure(sellerId: string, failedAt: string): Promise<{ success: true }> {
  await dismissFailedJob(sellerId, failedAt);
  return { success: true };
}
