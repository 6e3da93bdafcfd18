import { type DayFigures, emptyFigures, type Measure } from '../../shared/domain/reports.js';
import type { ReportAnswer } from '../../shared/schemas/reports.js';
import { readAggregates } from '../data/aggregates.js';

/** Each list of a report shows its leaders: enough for a chart a seller reads at a glance and a table to export. */
export const TOP = 10;

type Row = Awaited<ReturnType<typeof readAggregates>>[number];
const n = (r: Row, m: Measure) => r[m] ?? 0;

/** The day items of a range as figures by day (only days that had anything). */
export async function dayFigures(sellerId: string, from: string, to: string): Promise<Map<string, DayFigures>> {
  const rows = await readAggregates(sellerId, 'day', from, to);
  return new Map(
    rows.map((r) => [
      r.day,
      {
        orders: n(r, 'orders'),
        salesCents: n(r, 'salesCents'),
        shipments: n(r, 'shipments'),
        postageCents: n(r, 'postageCents'),
        rewardsEarned: n(r, 'rewardsEarned'),
        rewardsRedeemed: n(r, 'rewardsRedeemed'),
      },
    ]),
  );
}

export function totalOf(days: Iterable<DayFigures>): DayFigures {
  const t = emptyFigures();
  for (const d of days) for (const k of Object.keys(t) as (keyof DayFigures)[]) t[k] += d[k];
  return t;
}

/** One kind's items of the range added up per key (a customer's days into one line), with its latest label. */
function byKey(rows: readonly Row[]) {
  const out = new Map<string, { key: string; label: string; orders: number; salesCents: number; quantity: number; shipments: number; postageCents: number }>();
  for (const r of rows) {
    const line = out.get(r.key) ?? { key: r.key, label: r.label ?? '', orders: 0, salesCents: 0, quantity: 0, shipments: 0, postageCents: 0 };
    line.orders += n(r, 'orders');
    line.salesCents += n(r, 'salesCents');
    line.quantity += n(r, 'quantity');
    line.shipments += n(r, 'shipments');
    line.postageCents += n(r, 'postageCents');
    if (r.label) line.label = r.label;
    out.set(r.key, line);
  }
  return [...out.values()];
}

/**
 * The reports of a date range: sales by day (the screen rolls them into weeks and months), top customers and
 * products, shipping spend by carrier and service, rewards earned and redeemed. Four Queries of the aggregate
 * partitions, side by side; no order is read.
 */
export async function report(sellerId: string, from: string, to: string): Promise<ReportAnswer> {
  const [days, customers, products, carriers] = await Promise.all([
    dayFigures(sellerId, from, to),
    readAggregates(sellerId, 'customer', from, to),
    readAggregates(sellerId, 'product', from, to),
    readAggregates(sellerId, 'carrier', from, to),
  ]);
  const bySales = <T extends { salesCents: number; orders: number }>(a: T, b: T) => b.salesCents - a.salesCents || b.orders - a.orders;
  return {
    from,
    to,
    days: [...days].map(([day, f]) => ({ day, ...f })).sort((a, b) => a.day.localeCompare(b.day)),
    totals: totalOf(days.values()),
    topCustomers: byKey(customers)
      .filter((c) => c.orders > 0)
      .sort(bySales)
      .slice(0, TOP)
      .map((c) => ({ customerId: c.key, name: c.label, orders: c.orders, salesCents: c.salesCents })),
    topProducts: byKey(products)
      .filter((p) => p.quantity > 0)
      .sort((a, b) => b.quantity - a.quantity || b.salesCents - a.salesCents)
      .slice(0, TOP)
      .map((p) => ({ key: p.key, name: p.label, orders: p.orders, quantity: p.quantity, salesCents: p.salesCents })),
    shipping: byKey(carriers)
      .filter((c) => c.shipments > 0 || c.postageCents !== 0)
      .sort((a, b) => b.postageCents - a.postageCents)
      .map((c) => {
        const [carrier = '', service = ''] = c.key.split('|');
        return { carrier, service, shipments: c.shipments, postageCents: c.postageCents };
      }),
  };
}
