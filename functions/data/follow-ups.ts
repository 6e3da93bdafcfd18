import { isConditionFailure } from './errors.js';
import { followUpDueEntity } from './follow-up-entities.js';

/** The days-after-shipping emails waiting for their day (functions/marketing/automated.ts). */

export interface DueFollowUp {
  sellerId: string;
  orderId: string;
  dueDate: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Records (or records again: a replayed purchase puts the same item) the email of an order due on `dueDate`. */
export async function putFollowUpDue(sellerId: string, orderId: string, dueDate: string, shard: string): Promise<void> {
  const expiresAt = Math.floor(Date.parse(`${dueDate}T00:00:00Z`) / 1000) + 60 * DAY_SECONDS;
  await followUpDueEntity().put({ sellerId, orderId, dueDate, shard, expiresAt }).go();
}

/** One page of a day's shard (every seller's), in key order; `cursor` from the page before. */
export async function dueFollowUps(dueDate: string, shard: string, cursor?: string | null): Promise<{ items: DueFollowUp[]; cursor: string | null }> {
  const { data, cursor: next } = await followUpDueEntity().query.byDay({ dueDate, shard }).go({ cursor: cursor ?? null, limit: 100 });
  return { items: data.map((d) => ({ sellerId: d.sellerId, orderId: d.orderId, dueDate: d.dueDate })), cursor: next };
}

/** Done with (queued, or nothing to send): gone, unless a newer shipment of the order moved it to another day. */
export async function removeFollowUpDue(item: DueFollowUp): Promise<void> {
  await followUpDueEntity()
    .delete({ sellerId: item.sellerId, orderId: item.orderId })
    .where(({ dueDate }, { eq }) => eq(dueDate, item.dueDate))
    .go()
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
}
