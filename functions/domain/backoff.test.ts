import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, pauseBeforeRetry } from './backoff.js';

describe('backoff between retries', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits a random time up to an exponentially growing cap', () => {
    expect([0, 1, 2, 3].map((a) => backoffMs(a, () => 0.999))).toEqual([99, 199, 399, 799]);
    expect(backoffMs(20, () => 0.999)).toBe(4995);
    expect(backoffMs(3, () => 0)).toBe(0);
    expect(backoffMs(2, () => 0.5, 20, 50)).toBe(25);
  });

  it('pauses the jittered wait of its base', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let done = false;
    const pause = pauseBeforeRetry(3, 20).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(79);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pause;
    expect(done).toBe(true);
  });
});
