/**
 * What orders do to the figures kept beside them: the seller's order count, each customer's total spend and reward
 * points. Every writer of orders (New Order and its edits, CSV imports, platform syncs) takes an order's effect from
 * here, so a customer's figures follow every order whatever its source. An import sums a batch's effects with
 * `sumOrderEffects` and writes the sum in one data call (functions/data/batch-effects.ts `applyBatchEffects`): one
 * update per customer per batch. Other per-batch sums (e.g. sales per day) belong in `BatchEffects` and its sum.
 */

/** An order as its effects read it. */
export interface EffectOrder {
  customerId: string;
  status: string;
  /** Dollars. */
  total: number;
}

/** A cancelled order is not spent money. */
export const spendOf = (order: EffectOrder | undefined) => (!order || order.status === 'cancelled' ? 0 : order.total);

const cents = (dollars: number) => Math.round(dollars * 100);

/** What one write of an order changes: one more order for the seller when created, the customer's spend and points. */
export interface OrderEffect {
  customerId: string;
  /** 1 when the write created the order. */
  orders: number;
  /** Dollars, the change of the customer's total spend. */
  spend: number;
  /** The change of the customer's reward balance (before the never-below-0 rule, applied with the balance). */
  points: number;
}

/**
 * The effect of writing `after` over `before` (undefined: no order), with the reward points each credits (what
 * `orderPoints` gives for it under the seller's program, 0 without one).
 */
export function orderEffect(
  before: (EffectOrder & { points: number }) | undefined,
  after: EffectOrder & { points: number },
): OrderEffect {
  return {
    customerId: after.customerId,
    orders: before ? 0 : 1,
    spend: (cents(spendOf(after)) - cents(spendOf(before))) / 100,
    points: (cents(after.points) - cents(before?.points ?? 0)) / 100,
  };
}

/** One customer's share of a batch: the sums of its orders' effects. */
export interface CustomerEffect {
  customerId: string;
  /** Orders the batch created for this customer (the seller's order count grows by their sum). */
  orders: number;
  spend: number;
  points: number;
}

/** A batch's effects: one entry per customer, by customer id (the same batch always sums to the same list). */
export interface BatchEffects {
  orderCount: number;
  customers: CustomerEffect[];
}

/** Sums the effects of a batch's order writes per customer; customers with nothing to change are left out. */
export function sumOrderEffects(effects: readonly OrderEffect[]): BatchEffects {
  const byCustomer = new Map<string, { orders: number; spend: number; points: number }>();
  for (const e of effects) {
    const sum = byCustomer.get(e.customerId) ?? { orders: 0, spend: 0, points: 0 };
    sum.orders += e.orders;
    sum.spend += cents(e.spend);
    sum.points += cents(e.points);
    byCustomer.set(e.customerId, sum);
  }
  const customers = [...byCustomer.entries()]
    .filter(([, s]) => s.orders !== 0 || s.spend !== 0 || s.points !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([customerId, s]) => ({ customerId, orders: s.orders, spend: s.spend / 100, points: s.points / 100 }));
  return { orderCount: customers.reduce((n, c) => n + c.orders, 0), customers };
}

