/**
 * Waits between retries of a call AWS refused for now (throttled, unprocessed items, a transaction that collided):
 * exponential backoff with full jitter, AWS's guidance, so that callers refused together do not come back together.
 */

/** A random wait up to base·2^attempt, capped. */
export function backoffMs(attempt: number, random: () => number = Math.random, baseMs = 100, capMs = 5_000): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits backoffMs(attempt) with base `baseMs`: the retry loops' pause. */
export const pauseBeforeRetry = (attempt: number, baseMs: number): Promise<void> => sleep(backoffMs(attempt, Math.random, baseMs));
