/**
 * When a "days after shipping" email is due (issue 15), and which bucket of the day's index holds it. Days are UTC:
 * the daily job runs at one UTC hour for every seller.
 */

/** A day's due items are spread over this many partitions of gsi1, so no one partition takes a whole day's writes. */
export const FOLLOW_UP_SHARDS = 4;
/** The job also takes what is left of the days before (a run that failed or stopped early), this many of them. */
export const FOLLOW_UP_CATCH_UP_DAYS = 2;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** YYYY-MM-DD: `days` days after the day the order shipped. */
export function dueDateOf(shippedAt: Date, days: number): string {
  return dayOf(Date.parse(`${dayOf(shippedAt.getTime())}T00:00:00Z`) + days * DAY_MS);
}

/** The days whose due items a run on `today` sends: the catch-up days first, then today. */
export function dueDatesFor(today: Date): string[] {
  return Array.from({ length: FOLLOW_UP_CATCH_UP_DAYS + 1 }, (_, i) => dueDateOf(today, i - FOLLOW_UP_CATCH_UP_DAYS));
}

/** The order's shard, stable for the order (FNV-1a of seller and order). */
export function shardOf(sellerId: string, orderId: string): string {
  let h = 0x811c9dc5;
  for (const ch of `${sellerId}#${orderId}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(h % FOLLOW_UP_SHARDS);
}

export const ALL_SHARDS = Array.from({ length: FOLLOW_UP_SHARDS }, (_, i) => String(i));
