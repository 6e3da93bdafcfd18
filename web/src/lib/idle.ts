/**
 * Runs `run` when the page has nothing more urgent to do, at the latest after `timeoutMs` (a busy page still gets it);
 * without requestIdleCallback (Safari), on the next task. Work that is a long task on a phone (evaluating a library,
 * drawing a chart, checking an answer) done here does not hold up the screen's own rendering (issue 18).
 */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, 0);
}

/** whenIdle as a promise. */
export const idle = (timeoutMs: number): Promise<void> => new Promise((resolve) => whenIdle(resolve, timeoutMs));
