/**
 * How long a job may still run: Lambda's `context.getRemainingTimeInMillis()`, seen by the services a worker calls.
 * A long job checkpoints and stops while there is time left, rather than being killed at its timeout, which would
 * count as a failed try toward the DLQ with its job left open.
 */
export interface Deadline {
  remainingMs(): number;
}

/** No time limit (a call outside a worker: a test, a script). */
export const NO_DEADLINE: Deadline = { remainingMs: () => Number.POSITIVE_INFINITY };

/**
 * When to stop: a third of the time the delivery started with, at most 30 s, is kept for the write in progress,
 * the checkpoint and the message that continues the job.
 */
export function stopTime(deadline: Deadline): () => boolean {
  const start = deadline.remainingMs();
  const margin = Number.isFinite(start) ? Math.min(30_000, start / 3) : 0;
  return () => deadline.remainingMs() < margin;
}

/**
 * Thrown by a job that saved its progress and stopped before its worker's timeout: the worker sends its message
 * again to continue from the checkpoint, and the delivery counts as done, not failed. A job whose checkpoint travels
 * in its message (a cursor) names the message that continues it: `next`.
 */
export class ContinueLater extends Error {
  constructor(
    what: string,
    readonly next?: object,
  ) {
    super(`${what} stopped before the worker's timeout; it continues from its checkpoint`);
    this.name = 'ContinueLater';
  }
}
