import { afterEach, describe, expect, it } from 'vitest';
import { getOrdersById } from '../../functions/data/orders-bulk.js';
import { importedOrderId, type ImportedOrder } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { importAggregates, recordImportOnce } from '../../functions/reports/aggregates.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';

/**
 * An import's report aggregates written in transactions marked on each part's checkpoint (docs/data-model.md,
 * "Import batches"): once however often a batch comes, and complete after a crash between a part's effects and
 * its aggregates.
 */

const today = () => new Date().toISOString().slice(0, 10);
const DAYS = ['2026-03-04', '2026-03-05'];

async function reportOf(seller: TestSeller, from: string, to: string) {
  const res = await seller.api('GET', '/consultant/reports', { query: { from, to } });
  expect(res.status).toBe(200);
  return res.json;
}

/**
 * 100 orders (a batch of 96 and one of 4), each its own buyer and two products of its own over two days: a part of
 * 48 orders touches about 146 aggregate items, two transactions.
 */
function wideOrders(tag: string): ImportedOrder[] {
  return Array.from({ length: 100 }, (_, i) => ({
    source: 'csv',
    platformOrderId: `${tag}-${i}`,
    orderNumber: `${tag}-${i}`,
    orderDate: `${DAYS[i % 2]}T12:00:00.000Z`,
    status: 'unshipped',
    customer: { firstName: 'Wide', lastName: `${tag}${i}`, email: `wide-${tag}-${i}@example.com` },
    items: [
      { name: `Candle ${i}`, quantity: 1 + (i % 3), price: 4, sku: `C-${i}` },
      { name: `Melt ${i}`, quantity: 2, price: 1.5, sku: `M-${i}` },
    ],
    subtotal: 4 * (1 + (i % 3)) + 3,
    shipping: 0,
    tax: 0,
    total: 4 * (1 + (i % 3)) + 3,
  }));
}

/** What the report must say of `wideOrders`, per day and in total. */
function expected(orders: readonly ImportedOrder[]) {
  const days = DAYS.map((day) => {
    const of = orders.filter((o) => o.orderDate.startsWith(day));
    return { day, orders: of.length, salesCents: of.reduce((s, o) => s + Math.round(o.total * 100), 0) };
  });
  return { days, orders: orders.length, salesCents: days.reduce((s, d) => s + d.salesCents, 0) };
}

async function expectFigures(seller: TestSeller, orders: readonly ImportedOrder[]) {
  const want = expected(orders);
  const r = await reportOf(seller, DAYS[0] as string, DAYS[1] as string);
  expect(r.totals).toMatchObject({ orders: want.orders, salesCents: want.salesCents });
  expect(r.days.map((d: { day: string; orders: number; salesCents: number }) => ({ day: d.day, orders: d.orders, salesCents: d.salesCents }))).toEqual(
    want.days,
  );
  // Every buyer and product item was written once: the largest of each is the largest order's own.
  expect(r.topCustomers[0]).toMatchObject({ orders: 1, salesCents: 1500 });
  expect(r.topProducts[0]).toMatchObject({ orders: 1, quantity: 3, salesCents: 1200 });
  // The status item sorts last: in a part's second transaction.
  expect((await seller.api('GET', '/consultant/homepage')).json.unshippedOrders).toBe(want.orders);
}

afterEach(() => restoreFaults());

describe('an import batch writes its report aggregates once', () => {
  it('a batch delivered again adds its aggregates once; a mark written refuses its transaction again', async () => {
    const seller = await createTestSeller();
    const orders = wideOrders('twice');
    await upsertImportedOrders(seller.sellerId, orders);
    await upsertImportedOrders(seller.sellerId, orders);
    await expectFigures(seller, orders);

    // The aggregates' write of a part run again under the same checkpoint (a crash after it, before the batch was
    // acknowledged): every transaction's mark is there, nothing is added.
    // A part of 48 orders (ids decide the parts, and they are the seller's own: any given order may fall in the
    // batch of 4, whose part is one transaction).
    const stored = (await getOrdersById(seller.sellerId, await Promise.all(orders.map((o) => importedOrderId(seller.sellerId, o.source, o.platformOrderId))), { consistent: true })).orders;
    const marks = stored.map((o) => o.importBatch);
    expect(marks.every(Boolean)).toBe(true);
    const mark = marks.find((m) => marks.filter((n) => n === m).length === 48) as string;
    const part = stored.filter((o) => o.importBatch === mark);
    expect(part).toHaveLength(48);
    const chunks = importAggregates(part.map((o) => ({ after: o })));
    expect(chunks.length).toBe(2);
    expect(await recordImportOnce(seller.sellerId, mark, chunks)).toBe(0);
    await expectFigures(seller, orders);
  });

  it('a crash between a part’s effects and its aggregates (one of two transactions written) is made whole by the redelivery, once', async () => {
    const seller = await createTestSeller();
    const orders = wideOrders('crash');
    let marks = 0;
    // The second aggregates transaction of the first part fails: its first is written, the checkpoint too.
    faults((name, input) => {
      if (name !== 'TransactWriteCommand') return false;
      const [head] = (input as { TransactItems: { Update?: { UpdateExpression?: string } }[] }).TransactItems;
      return head?.Update?.UpdateExpression === 'ADD #done :n' && ++marks === 2;
    });
    await expect(upsertImportedOrders(seller.sellerId, orders)).rejects.toThrow();
    restoreFaults();
    const half = await reportOf(seller, DAYS[0] as string, DAYS[1] as string);
    expect(half.totals.orders).toBeLessThan(100);

    await upsertImportedOrders(seller.sellerId, orders);
    await expectFigures(seller, orders);
    // And a third delivery adds nothing more.
    await upsertImportedOrders(seller.sellerId, orders);
    await expectFigures(seller, orders);
  });

  it('the report after an import equals the report after the same orders entered live', async () => {
    const live = await createTestSeller();
    const imported = await createTestSeller();
    const buyers = ['Lena Live', 'Omar Order', 'Pia Parity'];
    const lines = [
      [{ name: 'Soy Candle', quantity: 2, price: 12.5 }],
      [
        { name: 'Wax Melt', quantity: 3, price: 4.99 },
        { name: 'Soy Candle', quantity: 1, price: 12.5 },
      ],
      [{ name: 'Reed Diffuser', quantity: 1, price: 18 }],
      [{ name: 'Wax Melt', quantity: 1, price: 4.99 }],
    ];
    const orders: ImportedOrder[] = [];
    for (const [i, items] of lines.entries()) {
      const buyer = buyers[i % buyers.length] as string;
      const [firstName, lastName] = buyer.split(' ') as [string, string];
      const total = Math.round(items.reduce((s, l) => s + l.quantity * l.price, 0) * 100) / 100;
      orders.push({
        source: 'csv',
        platformOrderId: `parity-${i}`,
        orderNumber: `parity-${i}`,
        orderDate: `${today()}T12:00:00.000Z`,
        status: 'unshipped',
        customer: { firstName, lastName, email: `${firstName.toLowerCase()}@example.com` },
        items,
        subtotal: total,
        shipping: 0,
        tax: 0,
        total,
      });
    }
    const ids = new Map<string, string>();
    for (const [i, items] of lines.entries()) {
      const buyer = buyers[i % buyers.length] as string;
      if (!ids.has(buyer)) {
        const [firstName, lastName] = buyer.split(' ');
        const saved = await live.api('POST', '/customers/save', {
          body: { firstName, lastName, email: `${firstName?.toLowerCase()}@example.com`, country: 'US' },
        });
        expect(saved.status).toBe(200);
        ids.set(buyer, saved.json.customerID);
      }
      const order = await live.api('POST', '/orders/save', { body: { customerId: ids.get(buyer), items } });
      expect(order.status).toBe(200);
    }
    await upsertImportedOrders(imported.sellerId, orders);

    const shape = (r: Awaited<ReturnType<typeof reportOf>>) => ({
      totals: r.totals,
      days: r.days,
      customers: r.topCustomers.map((c: { name: string; orders: number; salesCents: number }) => [c.name, c.orders, c.salesCents]),
      products: r.topProducts.map((p: { key: string; name: string; orders: number; quantity: number; salesCents: number }) => [
        p.key,
        p.name,
        p.orders,
        p.quantity,
        p.salesCents,
      ]),
    });
    const fromLive = shape(await reportOf(live, today(), today()));
    expect(fromLive.totals).toMatchObject({ orders: 4 });
    expect(shape(await reportOf(imported, today(), today()))).toEqual(fromLive);
  });
});
