import type { z } from 'zod';
import type { Platform } from '../../../../shared/domain/platforms';
import type { lastSyncAnswer } from '../../../../shared/schemas/integrations';

/** Spec sections 4 and 7: the screen asks how the sync is going every 3 s. */
export const SYNC_POLL_MS = 3000;
/** 'Sync Has Finished' shows for 5 s before the orders are synced again on screen. */
export const SYNC_FINISHED_MS = 5000;
/** A sync that found no orders says so for 15 s. */
export const NO_ORDERS_MS = 15_000;

export const SYNC_WAITING = 'Syncing your orders. This can take a few minutes, please wait...';
export const SYNC_FINISHED = 'Sync Has Finished';
export const NO_ORDERS = 'No orders were found from the last 30 days.';

type LastSync = z.output<typeof lastSyncAnswer>;

/** What the screen shows once every sync since the click is over. */
export type SyncOutcome =
  | { kind: 'waiting' }
  | { kind: 'finished'; ordersCreated: number; ordersUpdated: number; errors: string[]; succeeded: Platform[] }
  | { kind: 'no-orders'; errors: string[] }
  | { kind: 'failed'; errors: string[] };

/**
 * Reads an answer of /upload/getLastSync: still waiting, finished with orders, finished without any order (the 30-day message), or every sync failed (their messages).
 */
export function syncOutcome(last: LastSync | undefined): SyncOutcome {
  if (!last?.finished || last.syncs.length === 0) return { kind: 'waiting' };
  const failures = last.syncs.filter((s) => s.status === 'failed').map((s) => s.error).filter((e): e is string => Boolean(e));
  // The orders a finished sync did not add or change, and why: the seller reads them with the counts.
  const skipped = last.syncs.filter((s) => s.status === 'succeeded').flatMap((s) => s.skipped);
  const errors = [...new Set([...failures, ...skipped])];
  const succeeded = last.syncs.filter((s) => s.status === 'succeeded').length;
  if (succeeded === 0) return { kind: 'failed', errors };
  if (last.ordersCreated + last.ordersUpdated === 0 && skipped.length === 0) return { kind: 'no-orders', errors };
  // Spec section 4: after Sync Has Finished, one order resync per platform that succeeded.
  const platforms = [...new Set(last.syncs.filter((s) => s.status === 'succeeded').map((s) => s.platform))];
  return { kind: 'finished', ordersCreated: last.ordersCreated, ordersUpdated: last.ordersUpdated, errors, succeeded: platforms };
}
