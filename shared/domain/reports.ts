/**
 * The report aggregates (docs/data-model.md, "Home, dashboard, reports"): what an order, a label or a reward adds to
 * the per-day figures the dashboard and the reports read, as deltas added with DynamoDB ADD. Pure: the functions
 * compute deltas, functions/data/aggregates.ts adds them up.
 */
import { OPEN_ORDER_STATUSES, type OrderStatus } from './orders.js';

/** What an aggregate item counts; every one is an integer (money in cents). */
export const MEASURES = ['orders', 'salesCents', 'quantity', 'shipments', 'postageCents', 'rewardsEarned', 'rewardsRedeemed', 'open'] as const;
export type Measure = (typeof MEASURES)[number];
export type Counts = Partial<Record<Measure, number>>;

/**
 * day: one item per UTC day; customer, product, carrier: one per day and customer / product / carrier and service;
 * status: one seller-wide item (day `ALL`) counting the orders waiting to be shipped.
 */
export const AGGREGATE_KINDS = ['day', 'customer', 'product', 'carrier', 'status'] as const;
export type AggregateKind = (typeof AGGREGATE_KINDS)[number];

export interface AggregateDelta {
  kind: AggregateKind;
  /** YYYY-MM-DD (UTC), or ALL for the status item. */
  day: string;
  /** The customer id, product key, `carrier|service`; '-' for the day and status items. */
  key: string;
  /** What a report shows for the key (customer name, product name, carrier and service). */
  label?: string;
  counts: Counts;
}

export const ALL_DAYS = 'ALL';
const NO_KEY = '-';

/** The fields of an order the aggregates read. */
export interface AggregatedOrder {
  orderDate: string;
  status: OrderStatus;
  customerId: string;
  customerName: string;
  total: number;
  items: readonly { name: string; quantity: number; price: number; sku?: string; productId?: string; discount?: number }[];
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The UTC day of an ISO time; a date-only or unreadable value keeps its first ten characters. */
export function dayOf(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso.slice(0, 10) : new Date(t).toISOString().slice(0, 10);
}

/** A product line's key: the catalogue id, else the SKU, else the name, so an import's lines group by what they sell. */
export function productKey(item: { name: string; sku?: string; productId?: string }): string {
  if (item.productId) return `id:${item.productId}`;
  if (item.sku?.trim()) return `sku:${item.sku.trim().toLowerCase()}`;
  return `name:${item.name.trim().toLowerCase().replace(/\s+/g, ' ')}`.slice(0, 200);
}

const itemId = (d: Pick<AggregateDelta, 'kind' | 'day' | 'key'>) => `${d.kind}\n${d.day}\n${d.key}`;

/** What one order adds while it stands: nothing once cancelled, except that it no longer waits. */
function contribution(o: AggregatedOrder | undefined): AggregateDelta[] {
  if (!o) return [];
  const out: AggregateDelta[] = [];
  if (OPEN_ORDER_STATUSES.includes(o.status)) out.push({ kind: 'status', day: ALL_DAYS, key: NO_KEY, counts: { open: 1 } });
  if (o.status === 'cancelled') return out;
  const day = dayOf(o.orderDate);
  const sales = cents(o.total);
  out.push({ kind: 'day', day, key: NO_KEY, counts: { orders: 1, salesCents: sales } });
  out.push({ kind: 'customer', day, key: o.customerId, label: o.customerName, counts: { orders: 1, salesCents: sales } });
  for (const item of o.items) {
    const lineCents = cents(item.price) * item.quantity - cents(item.discount ?? 0);
    out.push({ kind: 'product', day, key: productKey(item), label: item.name, counts: { orders: 1, quantity: item.quantity, salesCents: lineCents } });
  }
  return out;
}

function negate(d: AggregateDelta): AggregateDelta {
  return { ...d, counts: Object.fromEntries(Object.entries(d.counts).map(([k, v]) => [k, -(v ?? 0)])) };
}

/**
 * Adds deltas of the same item together and drops what adds nothing, so a batch costs one write per item it
 * changes. The label kept is the last one given (the order as it is now).
 */
export function sumDeltas(deltas: readonly AggregateDelta[]): AggregateDelta[] {
  const byItem = new Map<string, AggregateDelta>();
  for (const d of deltas) {
    const id = itemId(d);
    const seen = byItem.get(id);
    if (!seen) {
      byItem.set(id, { ...d, counts: { ...d.counts } });
      continue;
    }
    for (const [m, v] of Object.entries(d.counts) as [Measure, number][]) seen.counts[m] = (seen.counts[m] ?? 0) + v;
    if (d.label !== undefined) seen.label = d.label;
  }
  const out: AggregateDelta[] = [];
  for (const d of byItem.values()) {
    const counts = Object.fromEntries(Object.entries(d.counts).filter(([, v]) => v !== 0)) as Counts;
    if (Object.keys(counts).length > 0) out.push({ ...d, counts });
  }
  return out;
}

/**
 * What a write of an order changes in the aggregates: what it adds now less what it added before. No before: a
 * new order; no after: a deleted one; a cancelled order takes back its sales and leaves the unshipped count.
 */
export function orderAggregateDelta(before?: AggregatedOrder, after?: AggregatedOrder): AggregateDelta[] {
  return sumDeltas([...contribution(before).map(negate), ...contribution(after)]);
}

/** The fields of a label the aggregates read. */
export interface AggregatedLabel {
  createdAt: string;
  carrier: string;
  serviceName: string;
  amountCents: number;
}

/**
 * A label bought (sign 1) or voided (sign -1): a shipment and its postage on the day it was bought, for the day and
 * for its carrier and service. A void takes it back from that same day, so spend is what was kept.
 */
export function labelAggregateDelta(label: AggregatedLabel, sign: 1 | -1): AggregateDelta[] {
  const day = dayOf(label.createdAt);
  const counts = { shipments: sign, postageCents: sign * label.amountCents };
  return [
    { kind: 'day', day, key: NO_KEY, counts },
    { kind: 'carrier', day, key: `${label.carrier}|${label.serviceName}`.slice(0, 200), label: `${label.carrier} ${label.serviceName}`, counts },
  ];
}

/** Rewards customers earned (reached a goal) or were given (redeemed) on a day. */
export function rewardAggregateDelta(at: string, change: { earned?: number; redeemed?: number }): AggregateDelta[] {
  const counts: Counts = {};
  if (change.earned) counts.rewardsEarned = change.earned;
  if (change.redeemed) counts.rewardsRedeemed = change.redeemed;
  return sumDeltas([{ kind: 'day', day: dayOf(at), key: NO_KEY, counts }]);
}

// ---- Reading: days rolled up into weeks and months ----

export type Period = 'day' | 'week' | 'month';

export interface DayFigures {
  orders: number;
  salesCents: number;
  shipments: number;
  postageCents: number;
  rewardsEarned: number;
  rewardsRedeemed: number;
}

export interface PeriodRow extends DayFigures {
  /**
   * The first day of the period the row counts (YYYY-MM-DD): a week starts on Monday, a month on the 1st, and a
   * period the range cuts starts on the range's first day (a row never names a day the report left out).
   */
  start: string;
}

export const emptyFigures = (): DayFigures => ({ orders: 0, salesCents: 0, shipments: 0, postageCents: 0, rewardsEarned: 0, rewardsRedeemed: 0 });

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The period a day belongs to, named by its first day. */
export function periodStart(day: string, period: Period): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to` inclusive (the caller bounds the range). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The figures of a range by day, week or month, every period present (an empty one as zeros) so a chart's axis has
 * no gaps. `days` holds the days that had anything; days outside the range are ignored.
 */
export function rollUp(days: ReadonlyMap<string, DayFigures>, from: string, to: string, period: Period): PeriodRow[] {
  const rows = new Map<string, PeriodRow>();
  for (const day of daysBetween(from, to)) {
    const start = periodStart(day, period);
    let row = rows.get(start);
    if (!row) {
      row = { start: start < from ? from : start, ...emptyFigures() };
      rows.set(start, row);
    }
    const f = days.get(day);
    if (!f) continue;
    for (const k of Object.keys(f) as (keyof DayFigures)[]) row[k] += f[k];
  }
  return [...rows.values()];
}

/** The first and last day of the month of `day`, and of the month before. */
export function monthRange(day: string, monthsBack = 0): { from: string; to: string } {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  const from = d.toISOString().slice(0, 10);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return { from, to: addDays(d.toISOString().slice(0, 10), -1) };
}
