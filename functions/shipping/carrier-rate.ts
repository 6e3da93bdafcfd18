import { sleep as pause } from '../domain/backoff.js';

/**
 * A carrier's rate limit as carriers state it, calls per second, for this process: at most `count` calls in any
 * window of `windowMs` (`perSecond` calls a second: 20 a second is 20 in any second; below one a second, one call
 * per 1/perSecond seconds). A call goes at once while the window before it holds fewer, else waits for the slot the
 * limit allows. Unlike calls spaced evenly 1/rate apart, the purchases of one queue batch (up to its 50) go together, so their
 * reads and writes are joined (functions/data/purchase-reads.ts, recordPurchase) instead of spread over turns.
 */
export class CarrierRate {
  private readonly count: number;
  private readonly windowMs: number;
  /** The slots of the last `count` calls (past or reserved), oldest first; never decreasing. */
  private readonly slots: number[] = [];

  constructor(
    perSecond: number,
    private readonly sleep: (ms: number) => Promise<void> = pause,
    private readonly clock: () => number = Date.now,
  ) {
    this.count = Math.max(1, Math.floor(perSecond));
    this.windowMs = (this.count * 1000) / perSecond;
  }

  /** Resolves when this call may go: its slot is reserved at once, so waiting calls keep their order. */
  async take(): Promise<void> {
    const now = this.clock();
    const oldest = this.slots.length < this.count ? Number.NEGATIVE_INFINITY : (this.slots[0] as number);
    const slot = Math.max(now, oldest + this.windowMs);
    this.slots.push(slot);
    if (this.slots.length > this.count) this.slots.shift();
    if (slot > now) await this.sleep(slot - now);
  }
}
