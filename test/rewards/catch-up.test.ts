import { CreateQueueCommand, DeleteQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { getCustomer } from '../../functions/data/customers.js';
import { getOrder } from '../../functions/data/orders.js';
import { getRewardSettings, putRewardSettings } from '../../functions/data/rewards.js';
import { ContinueLater } from '../../functions/domain/deadline.js';
import { importedOrderId, type ImportedOrder } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { sqsWorker } from '../../functions/jobs/sqs-worker.js';
import { catchUpPoints } from '../../functions/rewards/catch-up.js';
import { rewardsCatchUpRequested } from '../../events/schemas.js';
import { usDay } from '../../shared/domain/rewards.js';
import { importedOrder } from '../imports/support.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

/**
 * A rewards program's catch-up against the local cloud: "Points count every order from the start date on", so the
 * orders placed before a save or restart made the program earn are credited by the rewards-catch-up worker (the
 * cloud's poller runs it), once, however often it runs.
 */

const DAY = 86_400_000;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const buyer = (n: number) => ({ firstName: 'Early', lastName: `Buyer${n}`, email: `early${n}@shop.test` });
const candles = (quantity: number) => [{ sku: 'CANDLE', name: 'Soy Candle', quantity, price: 10 }];
const placed = (n: number, day: string, who: number, quantity: number, over: Partial<ImportedOrder> = {}) =>
  importedOrder(n, { orderDate: `${day}T10:00:00.000Z`, customer: buyer(who), items: candles(quantity), ...over });

async function customerOf(seller: TestSeller, o: ImportedOrder) {
  const order = await getOrder(seller.sellerId, await importedOrderId(seller.sellerId, o.source, o.platformOrderId), { consistent: true });
  if (!order) throw new Error('order not stored');
  return order.customerId;
}
const balanceOf = async (seller: TestSeller, customerId: string) => (await getCustomer(seller.sellerId, customerId))?.rewardBalance;

async function save(seller: TestSeller, startDay: string, over: Record<string, unknown> = {}) {
  const res = await seller.api('POST', '/rewards/savesettings', {
    body: { startDate: usDay(startDay), goalCount: 3, goalType: 'items', rewardText: 'A free candle', ...over },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** Waits for the worker to mark the program caught up from `startDay`. */
const caughtUp = (seller: TestSeller, startDay: string) =>
  until(
    `the program caught up from ${startDay}`,
    async () => ((await getRewardSettings(seller.sellerId, { consistent: true }))?.caughtUpFrom === usDay(startDay) ? true : undefined),
    { timeoutMs: 30_000, intervalMs: 200 },
  );

describe('a rewards program catches up on the orders placed before it earned (local cloud)', { timeout: 90_000 }, () => {
  it('a program saved with a past start date credits the orders placed since then, once, and not those before', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const before = placed(1, isoDay(-10), 1, 2);
    const since = [placed(2, isoDay(-3), 1, 1), placed(3, isoDay(0), 1, 4), placed(4, isoDay(-2), 2, 2), placed(5, isoDay(-1), 2, 5, { status: 'cancelled' })];
    await upsertImportedOrders(seller.sellerId, [before, ...since]);
    const [one, two] = [await customerOf(seller, before), await customerOf(seller, since[2] as ImportedOrder)];
    expect([await balanceOf(seller, one), await balanceOf(seller, two)]).toEqual([0, 0]);

    await save(seller, isoDay(-5));
    await caughtUp(seller, isoDay(-5));
    // 1 + 4 items for the first buyer (the order before the start date earns nothing), 2 for the second (the
    // cancelled order earns nothing).
    expect([await balanceOf(seller, one), await balanceOf(seller, two)]).toEqual([5, 2]);
    const info = await seller.api('GET', '/rewards/getrewardinfo');
    expect(info.json.customers).toEqual(
      expect.arrayContaining([expect.objectContaining({ customerID: one, points: 5, status: 'earned', dateEarned: usDay(isoDay()) })]),
    );

    // Run again, by a redelivery or a second message: nothing is credited twice.
    const again = await catchUpPoints({ type: 'rewards-catch-up.requested', sellerId: seller.sellerId, startDate: usDay(isoDay(-5)) });
    expect(again).toEqual({ done: true, orders: 4 });
    expect([await balanceOf(seller, one), await balanceOf(seller, two)]).toEqual([5, 2]);

    // A save that keeps the start date keeps the mark: no catch-up is due.
    await save(seller, isoDay(-5), { rewardText: 'Two free candles' });
    expect(await getRewardSettings(seller.sellerId, { consistent: true })).toMatchObject({ caughtUpFrom: usDay(isoDay(-5)), rewardText: 'Two free candles' });
  });

  it('a restart credits the orders placed while the program was ended', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const first = placed(11, isoDay(-2), 3, 1);
    await upsertImportedOrders(seller.sellerId, [first]);
    const who = await customerOf(seller, first);
    await save(seller, isoDay(-4));
    await caughtUp(seller, isoDay(-4));
    expect(await balanceOf(seller, who)).toBe(1);

    expect((await seller.api('POST', '/rewards/disableAccount')).status).toBe(200);
    expect((await getRewardSettings(seller.sellerId, { consistent: true }))?.caughtUpFrom).toBeUndefined();
    await upsertImportedOrders(seller.sellerId, [placed(12, isoDay(0), 3, 2)]);
    expect(await balanceOf(seller, who)).toBe(1);

    expect((await seller.api('POST', '/rewards/restartprevious')).status).toBe(200);
    await caughtUp(seller, isoDay(-4));
    expect(await balanceOf(seller, who)).toBe(3);
  });

  it('a long catch-up stops before the deadline and continues from its cursor; a message of a program saved since does nothing', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const orders = Array.from({ length: 120 }, (_, n) => placed(100 + n, isoDay(-(n % 3)), n % 3, 2));
    await upsertImportedOrders(seller.sellerId, orders);
    const startDate = usDay(isoDay(-3));
    // Saved directly: no catch-up is queued, so this test runs the only one.
    await putRewardSettings(seller.sellerId, {
      startDate,
      goalCount: 10,
      goalType: 'items',
      rewardText: 'A candle',
      icon: 'star',
      active: true,
      announcementSent: false,
      sendRewardsEmail: false,
    });
    const message = { type: 'rewards-catch-up.requested' as const, sellerId: seller.sellerId, startDate };

    let looks = 0;
    const first = await catchUpPoints(message, { remainingMs: () => (looks++ === 0 ? 90_000 : 0) });
    expect(first).toMatchObject({ done: false, orders: 100, next: { ...message, cursor: expect.any(String) } });
    expect((await getRewardSettings(seller.sellerId, { consistent: true }))?.caughtUpFrom).toBeUndefined();
    if (first.done !== false) throw new Error('not continued');
    expect(await catchUpPoints(first.next)).toEqual({ done: true, orders: 20 });
    const buyers = await Promise.all([0, 1, 2].map((n) => customerOf(seller, orders[n] as ImportedOrder)));
    expect(await Promise.all(buyers.map((id) => balanceOf(seller, id)))).toEqual([80, 80, 80]);
    expect((await getRewardSettings(seller.sellerId, { consistent: true }))?.caughtUpFrom).toBe(startDate);

    expect(await catchUpPoints({ ...message, startDate: usDay(isoDay(-1)) })).toEqual({ done: 'stale', orders: 0 });
  });

  it('a worker that stops in time queues the message that continues it', async () => {
    const sqs = new SQSClient({});
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `continue-test-${crypto.randomUUID().slice(0, 8)}` }));
    if (!QueueUrl) throw new Error('no test queue');
    try {
      const worker = sqsWorker(
        rewardsCatchUpRequested,
        async (m) => {
          throw new ContinueLater('A test job', { ...m, cursor: 'next-page' });
        },
        { continueOn: () => QueueUrl },
      );
      const body = JSON.stringify({ type: 'rewards-catch-up.requested', sellerId: 's-1', startDate: '11/01/2026' });
      const result = await worker({ Records: [{ messageId: 'm-1', body, attributes: {}, messageAttributes: {} }] } as never);
      expect(result.batchItemFailures).toEqual([]);
      const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      expect(Messages?.map((m) => JSON.parse(m.Body ?? '{}'))).toEqual([{ type: 'rewards-catch-up.requested', sellerId: 's-1', startDate: '11/01/2026', cursor: 'next-page' }]);
    } finally {
      await sqs.send(new DeleteQueueCommand({ QueueUrl }));
    }
  });
});
