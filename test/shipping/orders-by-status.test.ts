import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamo.js';
import { backfillOrdersByStatus, restoreStatusKeys } from '../../functions/data/backfills.js';
import { createOrder } from '../../functions/data/orders.js';
import { TABLE_NAME } from '../../functions/data/table.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { orderFor, PARCEL, shippingSeller, shown } from './support.js';

type Page = { orders: { orderId: string; status: string }[]; cursor: string | null };

async function page(seller: TestSeller, status: string, cursor?: string): Promise<Page> {
  const res = await seller.api('GET', '/orders/list', { query: { status, ...(cursor ? { cursor } : {}) } });
  expect(res.status).toBe(200);
  return res.json as Page;
}

const idsOf = async (seller: TestSeller, status: string) => (await page(seller, status)).orders.map((o) => o.orderId);

describe('orders listed by status (the status index)', () => {
  it('follow every status change: a label bought and voided, a cancel, a delivery', async () => {
    const seller = await shippingSeller(50_000);
    const a = await orderFor(seller);
    const b = await orderFor(seller);
    expect(await idsOf(seller, 'unshipped')).toEqual([b.orderId, a.orderId]);
    expect(await idsOf(seller, 'shipped')).toEqual([]);

    const bought = await seller.api('POST', '/shipping/buyLabel', { body: { orderId: a.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: 'status-index-01' } });
    expect(bought.status).toBe(200);
    expect(await idsOf(seller, 'shipped')).toEqual([a.orderId]);
    expect(await idsOf(seller, 'unshipped')).toEqual([b.orderId]);

    expect((await seller.api('POST', '/shipping/voidLabel', { body: { labelId: bought.json.labelId } })).status).toBe(200);
    expect(await idsOf(seller, 'shipped')).toEqual([]);
    expect(await idsOf(seller, 'unshipped')).toEqual([b.orderId, a.orderId]);

    const save = (o: typeof a, status: string) =>
      seller.api('POST', '/orders/save', { body: { orderId: o.orderId, customerId: o.customerId, items: [{ name: 'Soy Candle', quantity: 2, price: 12.5 }], status } });
    expect((await save(b, 'cancelled')).status).toBe(200);
    expect((await save(a, 'delivered')).status).toBe(200);
    expect(await idsOf(seller, 'cancelled')).toEqual([b.orderId]);
    expect(await idsOf(seller, 'delivered')).toEqual([a.orderId]);
    expect(await idsOf(seller, 'unshipped')).toEqual([]);
    // The list of every status still has both, each with its status now.
    const all = (await seller.api('GET', '/orders/list')).json as Page;
    expect(all.orders.map((o) => [o.orderId, o.status])).toEqual([
      [b.orderId, 'cancelled'],
      [a.orderId, 'delivered'],
    ]);
  });

  it('pages a status newest first with cursors, each order once, and keeps each seller to their own', async () => {
    const seller = await createTestSeller();
    const other = await createTestSeller();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const made = async (who: TestSeller, i: number, status: 'pending' | 'unshipped') => {
      const orderId = `status-${who.sellerId.slice(0, 8)}-${String(i).padStart(2, '0')}`;
      await createOrder(who.sellerId, {
        orderId,
        orderNumber: `S-${i}`,
        customerId: 'c1',
        customerName: 'Ada Lovelace',
        orderDate: at(i),
        status,
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
      });
      return orderId;
    };
    const pending: string[] = [];
    for (let i = 0; i < 25; i++) {
      // Every fifth order unshipped: the pending pages must skip them without a filter.
      if (i % 5 === 4) await made(seller, i, 'unshipped');
      else pending.push(await made(seller, i, 'pending'));
    }
    await made(other, 100, 'pending');

    const first = await page(seller, 'pending');
    expect(first.orders).toHaveLength(20);
    expect(first.cursor).toBeTruthy();
    const second = await page(seller, 'pending', first.cursor!);
    const listed = [...first.orders, ...second.orders].map((o) => o.orderId);
    expect(listed).toEqual([...pending].reverse());
    expect(second.cursor).toBeNull();

    // The other seller sees their one order only, and cannot read on with this seller's cursor.
    expect(await idsOf(other, 'pending')).toHaveLength(1);
    expect((await other.api('GET', '/orders/list', { query: { status: 'pending', cursor: first.cursor! } })).status).toBe(400);
  });

  it('`open` lists every order waiting to be shipped (pending and unshipped) newest first, paged, with a search', async () => {
    const seller = await createTestSeller();
    const statuses = ['pending', 'unshipped', 'shipped', 'delivered', 'cancelled'] as const;
    const open: string[] = [];
    for (let i = 0; i < 30; i++) {
      const status = statuses[i % statuses.length]!;
      const orderId = await createOrder(seller.sellerId, {
        orderNumber: `W-${String(i).padStart(2, '0')}`,
        customerId: 'c1',
        customerName: i % 2 === 0 ? 'Ada Lovelace' : 'Grace Hopper',
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        status,
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
      });
      if (status === 'pending' || status === 'unshipped') open.push(orderId);
    }
    // 12 open orders among 30: one page, in date order, none of another status.
    const first = await page(seller, 'open');
    expect(first.orders.map((o) => o.orderId)).toEqual([...open].reverse());
    expect(new Set(first.orders.map((o) => o.status))).toEqual(new Set(['pending', 'unshipped']));
    expect(first.cursor).toBeNull();

    // Pages of 5 through the data layer (the API pages by 20) read each order once.
    const { listOrders } = await import('../../functions/data/orders.js');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const got = await listOrders(seller.sellerId, { status: 'open', limit: 5, cursor });
      expect(got.orders.length).toBeLessThanOrEqual(5);
      seen.push(...got.orders.map((o) => o.orderId));
      cursor = got.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...open].reverse());

    // With a search: the open orders of that customer only.
    const ada = await seller.api('GET', '/orders/list', { query: { status: 'open', q: 'Ada' } });
    expect(ada.status).toBe(200);
    const adaOrders = (ada.json as Page).orders;
    expect(adaOrders.length).toBeGreaterThan(0);
    expect(adaOrders.every((o) => open.includes(o.orderId))).toBe(true);
    expect(adaOrders.map((o) => o.orderId)).toEqual([...open].reverse().filter((id) => adaOrders.some((o) => o.orderId === id)));
    expect((await seller.api('GET', '/orders/list', { query: { status: 'waiting' } })).status).toBe(400);
  });

  it('the backfill indexes orders written before the status index, and never writes back a status changed since', async () => {
    const seller = await shippingSeller(50_000);
    const older = await orderFor(seller);
    const newer = await orderFor(seller);
    // As an order written before the index: the same item without its status keys.
    const key = { pk: `CONSULTANT#${seller.sellerId}`, sk: `ORDER#${older.orderId}` };
    const item = await documentClient.send(new GetCommand({ TableName: TABLE_NAME, Key: key }));
    expect(item.Item?.gsi3pk).toBe(`CONSULTANT#${seller.sellerId}#ORDERS#unshipped`);
    await documentClient.send(new UpdateCommand({ TableName: TABLE_NAME, Key: key, UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }));
    expect(await idsOf(seller, 'unshipped')).toEqual([newer.orderId]);

    const { found, updated } = await backfillOrdersByStatus();
    expect(found).toBeGreaterThanOrEqual(1);
    expect(updated).toBeGreaterThanOrEqual(1);
    expect((await idsOf(seller, 'unshipped')).sort()).toEqual([newer.orderId, older.orderId].sort());
    const after = await documentClient.send(new GetCommand({ TableName: TABLE_NAME, Key: key }));
    expect(after.Item).toMatchObject({ status: 'unshipped', orderDate: item.Item?.orderDate, gsi3sk: item.Item?.gsi3sk });

    // Read as pending by a backfill, then changed by the seller before its write: the write is refused.
    expect(await restoreStatusKeys({ sellerId: seller.sellerId, orderId: newer.orderId, status: 'pending', orderDate: '2026-01-01T00:00:00.000Z' })).toBe(false);
    expect((await idsOf(seller, 'unshipped')).sort()).toEqual([newer.orderId, older.orderId].sort());
    expect(await idsOf(seller, 'pending')).toEqual([]);
  });
});
