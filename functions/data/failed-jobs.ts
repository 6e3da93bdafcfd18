import { Entity, type EntityItem } from 'electrodb';
import { PLATFORMS } from '../../shared/domain/platforms.js';
import { applied } from './errors.js';
import { keyAttribute, model, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

/**
 * The seller's last failed import or sync (docs/data-model.md, "A failed import or sync"): one item per seller,
 * written when a job fails in the background, so /homepage can say so once the seller has left the page that
 * polled it. There is no list of a seller's jobs to read it from (a job is found by its id only).
 */
export const failedJobEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('failedJob'),
      attributes: {
        sellerId: keyAttribute,
        /** An orders or customers CSV import, or a platform's sync. */
        kind: { type: ['orders', 'customers', 'sync'] as const, required: true },
        platform: { type: PLATFORMS },
        fileName: { type: 'string' },
        /** The CSV job's id or the sync's request id. */
        jobId: { type: 'string', required: true },
        /** When the failed job was started (a job started later that succeeds supersedes this failure). */
        startedAt: { type: 'string', required: true },
        failedAt: { type: 'string', required: true },
        /** The catalogue message the job failed with: what the seller reads. */
        reason: { type: 'string', required: true },
      },
      indexes: {
        bySeller: { pk: sellerKey(), sk: sortKey('FAILEDJOB', []) },
      },
    },
    onTable,
  ),
);

export type FailedJob = EntityItem<ReturnType<typeof failedJobEntity>>;

/** Records a failure unless a later one is already recorded (two failing at once: the later stays). */
export async function recordFailedJob(failure: FailedJob): Promise<boolean> {
  return applied(
    failedJobEntity()
      .put(failure)
      .where((a, { notExists, lte }) => `${notExists(a.failedAt)} OR ${lte(a.failedAt, failure.failedAt)}`)
      .go(),
  );
}

export async function getFailedJob(sellerId: string): Promise<FailedJob | null> {
  const { data } = await failedJobEntity().get({ sellerId }).go();
  return data;
}

/**
 * A job of this kind (and platform) succeeded: the failure goes if it was this job's or happened before this job
 * started. A failure of a job started earlier but ending after this one started is news the success does not
 * answer, and stays. False when nothing was cleared.
 */
export async function clearFailedJob(
  sellerId: string,
  done: { kind: FailedJob['kind']; platform?: FailedJob['platform']; jobId: string; startedAt: string },
): Promise<boolean> {
  return applied(
    failedJobEntity()
      .delete({ sellerId })
      .where(
        (a, { eq, lt }) =>
          `${eq(a.kind, done.kind)}${done.platform ? ` AND ${eq(a.platform, done.platform)}` : ''} AND (${eq(a.jobId, done.jobId)} OR ${lt(a.failedAt, done.startedAt)})`,
      )
      .go(),
  );
}

/** The seller dismissed the failure they saw (`failedAt`); a newer one recorded since stays. */
export async function dismissFailedJob(sellerId: string, failedAt: string): Promise<boolean> {
  return applied(
    failedJobEntity()
      .delete({ sellerId })
      .where((a, { eq }) => eq(a.failedAt, failedAt))
      .go(),
  );
}
