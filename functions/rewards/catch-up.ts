import type { RewardsCatchUpRequested } from '../../events/schemas.js';
import { catchUpDue, isoDay } from '../../shared/domain/rewards.js';
import { sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import { listOrdersSince } from '../data/orders.js';
import { markCaughtUp, type RewardSettingsRecord } from '../data/rewards.js';
import { type Deadline, NO_DEADLINE, stopTime } from '../domain/deadline.js';
import { OrderPoints } from './earning.js';

/**
 * A program's catch-up (spec: "Points count every order from the start date on"). Orders earn as they are written
 * once a program earns; the orders already placed from its start date on, before the save or restart that made it
 * earn, are credited here, by the rewards-catch-up worker, a page at a time. Each order's points are set (its entry
 * is keyed by the order, functions/data/rewards.ts setPointsOfOrders), so a page read twice, a redelivered message
 * or a second catch-up credits nothing twice; orders written meanwhile earn on their own path and are found settled.
 */

/** Orders a page: one BatchGet of their point entries. */
const PAGE = 100;

/** Queues the catch-up of a program just saved or restarted, when its orders before it earned still wait. */
export async function queueCatchUp(sellerId: string, saved: RewardSettingsRecord): Promise<void> {
  if (!saved.startDate || !catchUpDue(saved)) return;
  const message: RewardsCatchUpRequested = { type: 'rewards-catch-up.requested', sellerId, startDate: saved.startDate };
  await sendMessages(required('QUEUE_URL_REWARDS_CATCH_UP'), [message]);
}

export type CatchUpResult =
  /** Every order from the start date on was read; `orders` of them by this invocation. */
  | { done: true; orders: number }
  /** Stopped before the deadline: the message that continues from `cursor`. */
  | { done: false; orders: number; next: RewardsCatchUpRequested }
  /** The program no longer earns from this start date (ended, or saved since with another): nothing to do. */
  | { done: 'stale'; orders: 0 };

/** Credits the orders from the program's start date on, page by page, and marks the program caught up. */
export async function catchUpPoints(message: RewardsCatchUpRequested, deadline: Deadline = NO_DEADLINE): Promise<CatchUpResult> {
  const points = new OrderPoints(message.sellerId);
  const program = await points.program();
  const from = isoDay(message.startDate);
  if (!program?.earns || program.settings.startDate !== message.startDate || !from) return { done: 'stale', orders: 0 };
  const stop = stopTime(deadline);
  let cursor = message.cursor;
  let orders = 0;
  do {
    const page = await listOrdersSince(message.sellerId, from, { cursor, limit: PAGE });
    await points.apply(page.orders.map((order) => ({ before: order, after: order })));
    orders += page.orders.length;
    cursor = page.cursor ?? undefined;
    if (cursor && stop()) return { done: false, orders, next: { ...message, cursor } };
  } while (cursor);
  await markCaughtUp(message.sellerId, program.settings);
  return { done: true, orders };
}
