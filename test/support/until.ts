/**
 * Polls `probe` until it answers something other than undefined, for asynchronous work (queues, workers, a page)
 * a test waits on; bounded by `timeoutMs`, failing with what it waited for. `what` may be a function, to say in
 * the failure what was last seen.
 */
export async function until<T>(
  what: string | (() => string),
  probe: () => Promise<T | undefined> | T | undefined,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
