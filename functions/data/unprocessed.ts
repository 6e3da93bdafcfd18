import { backoffMs, sleep as sleepFor } from '../domain/backoff.js';

/**
 * DynamoDB's batch requests (BatchWriteItem, BatchGetItem) do not fail when a partition is at its limit: they answer
 * with the items they left unprocessed, and those alone are asked again after a wait.
 */

/** Doubled at each retry: the first waits up to 100 ms. */
const BASE_WAIT_MS = 50;
/** The longest wait, so that eight tries of a few batches stay well inside an email worker's 30 s. */
const MOST_WAIT_MS = 1_000;

export interface UnprocessedRetry {
  /** Requests at most, the first included. */
  tries: number;
  /** The clock and the dice, for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Sends `items` through `send`, which answers those DynamoDB left unprocessed, until none are left or `tries`
 * requests were made. What still is unprocessed is returned, in the shape allProcessed (errors.ts) checks: the
 * caller says what it means.
 */
export async function retryUnprocessed<T>(items: readonly T[], send: (pending: T[]) => Promise<T[]>, options: UnprocessedRetry): Promise<{ unprocessed: T[] }> {
  const { tries, sleep = sleepFor, random = Math.random } = options;
  let pending = [...items];
  for (let attempt = 0; pending.length > 0 && attempt < tries; attempt++) {
    // Full jitter, so that writers throttled together do not all come back at once and be throttled again.
    if (attempt > 0) await sleep(backoffMs(attempt, random, BASE_WAIT_MS, MOST_WAIT_MS));
    pending = await send(pending);
  }
  return { unprocessed: pending };
}
