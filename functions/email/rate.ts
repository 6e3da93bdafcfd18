import { sleep as pause } from '../domain/backoff.js';

/**
 * The send rate of this process (EMAIL_SEND_RATE_PER_SECOND): each send takes the next slot, 1/rate apart, and
 * waits for it. One per container, whatever the batch: Lambda runs one batch per container at a time, and the
 * local cloud shares it between its concurrent deliveries as they would share an account's rate.
 */
export class SendPacer {
  private next = 0;

  constructor(
    private readonly perSecond: number,
    private readonly sleep: (ms: number) => Promise<void> = pause,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Resolves when this send may go. A call that carries `emails` (one SendBulkEmail) takes that many slots: it goes
   * at its first, and the next send waits until its last has passed, so the rate holds per email as SES counts it.
   */
  async take(emails = 1): Promise<void> {
    const now = this.clock();
    const slot = Math.max(now, this.next);
    this.next = slot + (emails * 1000) / this.perSecond;
    if (slot > now) await this.sleep(slot - now);
  }
}
