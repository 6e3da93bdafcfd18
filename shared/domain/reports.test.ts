import { describe, expect, it } from 'vitest';
import {
  type AggregatedOrder,
  type DayFigures,
  emptyFigures,
  labelAggregateDelta,
  monthRange,
  orderAggregateDelta,
  periodStart,
  productKey,
  rewardAggregateDelta,
  rollUp,
  sumDeltas,
} from './reports.js';

const order = (o: Partial<AggregatedOrder> = {}): AggregatedOrder => ({
  orderDate: '2026-03-10T15:00:00.000Z',
  status: 'unshipped',
  customerId: 'c1',
  customerName: 'Ann Lee',
  total: 30.5,
  items: [
    { name: 'Lip Gloss', quantity: 2, price: 10, productId: 'p1' },
    { name: 'Mascara', quantity: 1, price: 10.5, sku: 'MS-1', discount: 0.5 },
  ],
  ...o,
});

const find = (deltas: ReturnType<typeof orderAggregateDelta>, kind: string, key?: string) =>
  deltas.find((d) => d.kind === kind && (key === undefined || d.key === key))?.counts;

describe('orderAggregateDelta', () => {
  it('counts a new order on its day, its customer, each product and the unshipped count', () => {
    const d = orderAggregateDelta(undefined, order());
    expect(find(d, 'day')).toEqual({ orders: 1, salesCents: 3050 });
    expect(d.find((x) => x.kind === 'day')?.day).toBe('2026-03-10');
    expect(find(d, 'customer', 'c1')).toEqual({ orders: 1, salesCents: 3050 });
    expect(find(d, 'product', 'id:p1')).toEqual({ orders: 1, quantity: 2, salesCents: 2000 });
    expect(find(d, 'product', 'sku:ms-1')).toEqual({ orders: 1, quantity: 1, salesCents: 1000 });
    expect(find(d, 'status')).toEqual({ open: 1 });
  });

  it('writes only the difference of an edit, and nothing for an unchanged order', () => {
    expect(orderAggregateDelta(order(), order())).toEqual([]);
    const d = orderAggregateDelta(order(), order({ total: 40.5, items: [{ name: 'Lip Gloss', quantity: 3, price: 10, productId: 'p1' }] }));
    expect(find(d, 'day')).toEqual({ salesCents: 1000 });
    expect(find(d, 'product', 'id:p1')).toEqual({ quantity: 1, salesCents: 1000 });
    expect(find(d, 'product', 'sku:ms-1')).toEqual({ orders: -1, quantity: -1, salesCents: -1000 });
    expect(find(d, 'status')).toBeUndefined();
  });

  it('moves an order whose date changed from one day to the other', () => {
    const d = orderAggregateDelta(order(), order({ orderDate: '2026-03-11T01:00:00Z' }));
    expect(d.find((x) => x.kind === 'day' && x.day === '2026-03-10')?.counts).toEqual({ orders: -1, salesCents: -3050 });
    expect(d.find((x) => x.kind === 'day' && x.day === '2026-03-11')?.counts).toEqual({ orders: 1, salesCents: 3050 });
  });

  it('takes back a cancelled order, and a deleted one', () => {
    const cancelled = orderAggregateDelta(order(), order({ status: 'cancelled' }));
    expect(find(cancelled, 'day')).toEqual({ orders: -1, salesCents: -3050 });
    expect(find(cancelled, 'status')).toEqual({ open: -1 });
    expect(orderAggregateDelta(order({ status: 'shipped' }), undefined).find((x) => x.kind === 'status')).toBeUndefined();
    expect(find(orderAggregateDelta(order({ status: 'shipped' }), undefined), 'customer', 'c1')).toEqual({ orders: -1, salesCents: -3050 });
  });

  it('a shipped order stops waiting but keeps its sales', () => {
    expect(orderAggregateDelta(order(), order({ status: 'shipped' }))).toEqual([{ kind: 'status', day: 'ALL', key: '-', counts: { open: -1 } }]);
  });
});

describe('sumDeltas', () => {
  it('adds a batch into one write per item and keeps the newest label', () => {
    const d = sumDeltas([
      ...orderAggregateDelta(undefined, order()),
      ...orderAggregateDelta(undefined, order({ customerName: 'Ann Lee-Park', total: 10 })),
    ]);
    expect(d.filter((x) => x.kind === 'customer')).toEqual([
      { kind: 'customer', day: '2026-03-10', key: 'c1', label: 'Ann Lee-Park', counts: { orders: 2, salesCents: 4050 } },
    ]);
    expect(find(d, 'status')).toEqual({ open: 2 });
  });
});

describe('labels and rewards', () => {
  it('a label adds a shipment and its postage on the day bought; a void takes them back', () => {
    const label = { createdAt: '2026-03-12T23:59:59Z', carrier: 'USPS', serviceName: 'Priority Mail', amountCents: 895 };
    expect(labelAggregateDelta(label, 1)).toEqual([
      { kind: 'day', day: '2026-03-12', key: '-', counts: { shipments: 1, postageCents: 895 } },
      { kind: 'carrier', day: '2026-03-12', key: 'USPS|Priority Mail', label: 'USPS Priority Mail', counts: { shipments: 1, postageCents: 895 } },
    ]);
    expect(sumDeltas([...labelAggregateDelta(label, 1), ...labelAggregateDelta(label, -1)])).toEqual([]);
  });

  it('rewards earned and redeemed land on their day', () => {
    expect(rewardAggregateDelta('2026-03-12T10:00:00Z', { redeemed: 1 })).toEqual([{ kind: 'day', day: '2026-03-12', key: '-', counts: { rewardsRedeemed: 1 } }]);
    expect(rewardAggregateDelta('2026-03-12T10:00:00Z', {})).toEqual([]);
  });

  it('product keys group by catalogue id, then SKU, then name', () => {
    expect(productKey({ name: 'X', productId: 'p', sku: 's' })).toBe('id:p');
    expect(productKey({ name: 'X', sku: ' AB ' })).toBe('sku:ab');
    expect(productKey({ name: ' Big  Bag ' })).toBe('name:big bag');
  });
});

describe('rollUp', () => {
  const f = (orders: number, salesCents: number): DayFigures => ({ ...emptyFigures(), orders, salesCents });
  const days = new Map([
    ['2026-03-01', f(1, 100)], // Sunday: week of Monday 23 February
    ['2026-03-02', f(2, 200)], // Monday
    ['2026-03-08', f(1, 50)], // Sunday
    ['2026-03-09', f(4, 400)], // Monday
    ['2026-04-01', f(9, 900)],
  ]);

  it('weeks start on Monday', () => {
    expect(periodStart('2026-03-01', 'week')).toBe('2026-02-23');
    expect(periodStart('2026-03-02', 'week')).toBe('2026-03-02');
    expect(periodStart('2026-03-08', 'week')).toBe('2026-03-02');
    const weeks = rollUp(days, '2026-03-01', '2026-03-10', 'week');
    // The week of Monday 23 February counts only 1 March here: it is named by that day, not by one left out.
    expect(weeks.map((w) => [w.start, w.orders, w.salesCents])).toEqual([
      ['2026-03-01', 1, 100],
      ['2026-03-02', 3, 250],
      ['2026-03-09', 4, 400],
    ]);
  });

  it('months sum their days; days outside the range are left out', () => {
    const months = rollUp(days, '2026-03-02', '2026-04-30', 'month');
    expect(months.map((m) => [m.start, m.orders, m.salesCents])).toEqual([
      ['2026-03-02', 7, 650],
      ['2026-04-01', 9, 900],
    ]);
  });

  it('every day of the range is a row, empty ones as zeros', () => {
    const rows = rollUp(days, '2026-03-01', '2026-03-03', 'day');
    expect(rows.map((r) => r.orders)).toEqual([1, 2, 0]);
  });

  it('month ranges cross years and leap days', () => {
    expect(monthRange('2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(monthRange('2026-01-15', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthRange('2028-03-31', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});
