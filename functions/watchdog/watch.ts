import { type JobWatch, jobWatch } from '../../events/schemas.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { sendMessage } from '../adapters/sqs.js';
import { config, required } from '../config.js';
import { getCsvJob } from '../data/csv-jobs.js';
import { getSync } from '../data/integrations.js';
import { csvStalledBefore, isFinished, settleStalled } from '../imports/csv-status.js';
import { failStalledSync, isOpenSync, syncStalledBefore } from '../integrations/last-sync.js';
import { addMetric, logger } from '../observability.js';

/**
 * A job that lost its worker (a crash, a lost message) is failed when someone reads its status; the watchdog makes
 * sure that happens, and is counted, when nobody does. It looks once the worker's timeout has passed since the job's
 * last progress, and again later while the job is still moving.
 */
const timeoutSeconds = (kind: JobWatch['kind']) => (kind === 'csv' ? config.CSV_JOB_TIMEOUT_SECONDS : config.PLATFORM_SYNC_TIMEOUT_SECONDS);
/** Looks a little after the timeout, so a job checkpointing right at it is not taken for lost. */
const marginSeconds = (kind: JobWatch['kind']) => Math.min(30, Math.ceil(timeoutSeconds(kind) / 10));

/** Asks for a look at the job after its timeout: called when a job starts. */
export async function watchJob(job: JobWatch, afterSeconds = timeoutSeconds(job.kind) + marginSeconds(job.kind)): Promise<void> {
  await sendMessage(required('QUEUE_URL_JOB_WATCHDOG'), jobWatch.parse(job), { delaySeconds: afterSeconds });
}

/** Starts watching, but never fails the caller: the status read still fails a stalled job if this could not queue. */
export async function watchJobQuietly(job: JobWatch): Promise<void> {
  try {
    await watchJob(job);
  } catch (err) {
    logger.warn('job watch could not be queued; the status read will still catch a stalled job', { error: err as Error, job });
  }
}

/** Seconds until a job last moved at `updatedAt` would have gone a whole timeout without progress. */
function secondsUntilStalled(kind: JobWatch['kind'], updatedAt: string, now = Date.now()): number {
  const due = Date.parse(updatedAt) + timeoutSeconds(kind) * 1000;
  return Math.max(0, (due - now) / 1000) + marginSeconds(kind);
}

export type WatchOutcome = 'finished' | 'failed' | 'watching' | 'gone';

/** The watchdog's look at one job: finished, failed now (counted), or still moving (look again later). */
export async function lookAtJob(job: JobWatch): Promise<WatchOutcome> {
  if (job.kind === 'csv') {
    const current = await getCsvJob(job.sellerId, job.jobId);
    if (!current) return 'gone';
    if (isFinished(current.status)) return 'finished';
    const settled = await settleStalled(current, csvStalledBefore());
    // A presigned upload the browser never sent (the seller left) is not ours to alarm on: no file, no hash.
    if (settled.status === 'failed') return current.status === 'uploading' && !current.fileHash ? 'failed' : counted(job);
    if (isFinished(settled.status)) return 'finished';
    await watchJob(job, secondsUntilStalled('csv', settled.updatedAt));
    return 'watching';
  }
  const sync = await getSync({ sellerId: job.sellerId, requestId: job.requestId, requestedAt: job.requestedAt });
  if (!sync) return 'gone';
  if (!isOpenSync(sync)) return 'finished';
  if (await failStalledSync(sync, syncStalledBefore())) return counted(job);
  const current = await getSync(sync);
  if (!current || !isOpenSync(current)) return 'finished';
  await watchJob(job, secondsUntilStalled('platform-sync', current.updatedAt));
  return 'watching';
}

function counted(job: JobWatch): WatchOutcome {
  addMetric(METRIC.jobsFailed);
  logger.error('job lost its worker; failed by the watchdog', { job });
  return 'failed';
}
