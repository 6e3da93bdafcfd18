import { queuedFor } from './own-queue.js';
import { describe, expect, it } from 'vitest';
import { adjustRewardBalance, createCustomer, getCustomer } from '../../functions/data/customers.js';
import { unsubscribeCustomer } from '../../functions/data/email-sends.js';
import { customerEntity, rewardShard } from '../../functions/data/entities.js';
import { getOrder } from '../../functions/data/orders.js';
import { automaticPrograms, getRewardSettings } from '../../functions/data/rewards.js';
import { importedOrderId, type ImportedOrder } from '../../functions/imports/imported-order.js';
import { upsertImportedOrders } from '../../functions/imports/upsert-orders.js';
import { handler as reminderJob } from '../../functions/jobs/reward-reminder.js';
import { sendAnnouncementEmail } from '../../functions/rewards/emails.js';
import { routes } from '../../shared/api/routes.js';
import { orderPoints, usDay } from '../../shared/domain/rewards.js';
import { newCustomer } from '../customers/support.js';
import { importedOrder } from '../imports/support.js';
import { upload } from '../imports/upload-support.js';
import { syncNow } from '../integrations/support.js';
import { everythingOf } from '../support/seller-items.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { until } from '../support/until.js';

/**
 * The rewards program's server side against the local cloud (issue 14): points from every kind of order write,
 * once per order; take-backs; redeem by request key; the plan gates; the daily job; the announcement.
 */

const DAY = 86_400_000;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const today = isoDay();

async function startProgram(seller: TestSeller, over: Record<string, unknown> = {}) {
  const res = await seller.api('POST', '/rewards/savesettings', {
    body: { startDate: usDay(today), goalCount: 3, goalType: 'items', rewardText: 'A free candle', ...over },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

const balanceOf = async (sellerId: string, customerId: string) => (await getCustomer(sellerId, customerId))?.rewardBalance;

async function balanceOfImported(sellerId: string, o: ImportedOrder) {
  const order = await getOrder(sellerId, await importedOrderId(sellerId, o.source, o.platformOrderId));
  if (!order) throw new Error('order not stored');
  return balanceOf(sellerId, order.customerId);
}

const buyer = (n: number) => ({ firstName: 'Buyer', lastName: `Rewards${n}`, email: `rewards${n}@shop.test` });
const at = (day: string) => `${day}T10:00:00.000Z`;
const candles = (quantity: number) => [{ sku: 'CANDLE', name: 'Soy Candle', quantity, price: 10 }];

describe('rewards (local cloud)', { timeout: 90_000 }, () => {
  it('settings: saved with the message, the start date window enforced, the state read back', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const saved = await startProgram(seller);
    expect(saved).toMatchObject({ success: true, message: 'Reward Settings saved.', settings: { state: 'active', goalCount: 3, sendRewardsEmail: false } });
    const early = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: usDay(isoDay(-40)), goalCount: 3, goalType: 'items', rewardText: 'A free candle' },
    });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe('Start date cannot be more than one month ago.');
    const scheduled = await startProgram(seller, { startDate: usDay(isoDay(10)) });
    expect(scheduled.settings.state).toBe('scheduled');
    expect((await seller.api('POST', '/rewards/disableAccount')).json.settings.state).toBe('cancelled');
    expect((await seller.api('POST', '/rewards/restartprevious')).json.settings.state).toBe('scheduled');
    expect((await seller.api('GET', '/rewards/getSettings')).json).toMatchObject({ state: 'scheduled', rewardText: 'A free candle' });
  });

  it('a live order earns (not its Free lines), an edit re-computes, a cancelled order takes its points back', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    await startProgram(seller, { sendRewardsEmail: true });
    const c = await newCustomer(seller, { firstName: 'Live', lastName: 'Buyer', email: 'live.buyer@shop.test' });
    const items = [
      { name: 'Soy Candle', quantity: 3, price: 10 },
      { name: 'Free Sample', quantity: 5, price: 0 },
    ];
    const placed = await seller.api('POST', '/orders/save', { body: { customerId: c.customerID, items } });
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(3);

    const info = await seller.api('GET', '/rewards/getrewardinfo');
    expect(info.json.customers).toEqual([
      expect.objectContaining({ customerID: c.customerID, points: 3, status: 'earned', redeemCount: 1, dateEarned: usDay(today) }),
    ]);

    const orderId = placed.json.orderId;
    await seller.api('POST', '/orders/save', { body: { orderId, customerId: c.customerID, items } });
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(3);
    await seller.api('POST', '/orders/save', { body: { orderId, customerId: c.customerID, items: [{ name: 'Soy Candle', quantity: 2, price: 10 }] } });
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(2);
    await seller.api('POST', '/orders/save', { body: { orderId, customerId: c.customerID, items, status: 'cancelled' } });
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(0);
  });

  it('imported orders earn once however often they come; before the start date nothing; a take-back stops at 0', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    await startProgram(seller, { sendRewardsEmail: true });
    const first = importedOrder(1, { customer: buyer(1), orderDate: at(today), items: candles(2) });
    const second = importedOrder(2, { customer: buyer(1), orderDate: at(today), items: [...candles(1), { name: 'Free Gift', quantity: 4, price: 0 }] });
    const old = importedOrder(3, { customer: buyer(2), orderDate: at(isoDay(-3)), items: candles(5) });
    const orders = [first, second, old];

    await upsertImportedOrders(seller.sellerId, orders);
    await upsertImportedOrders(seller.sellerId, orders);
    expect(await balanceOfImported(seller.sellerId, first)).toBe(3);
    expect(await balanceOfImported(seller.sellerId, old)).toBe(0);
    const earned = await queuedFor(seller.sellerId);
    expect(earned).toEqual([expect.objectContaining({ kind: 'earned', period: 'cycle-1', points: 3 })]);

    // The platform changes the first order, then cancels it; the seller had taken a point away meanwhile.
    await upsertImportedOrders(seller.sellerId, [{ ...first, items: candles(4) }]);
    expect(await balanceOfImported(seller.sellerId, first)).toBe(5);
    const customerId = (await getOrder(seller.sellerId, await importedOrderId(seller.sellerId, 'shopify', 'SH-1')))?.customerId as string;
    expect(await adjustRewardBalance(seller.sellerId, customerId, -4)).toEqual({ ok: true, rewardBalance: 1 });
    await upsertImportedOrders(seller.sellerId, [{ ...first, items: candles(4), status: 'cancelled' }]);
    expect(await balanceOf(seller.sellerId, customerId)).toBe(0);
    // Reaching the goal again is a new email, not one already sent.
    expect(await queuedFor(seller.sellerId)).toEqual([]);
  });

  it('orders of one customer written at once by two imports and a live order: every point counted once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalCount: 1000 });
    const batch = (from: number) => Array.from({ length: 30 }, (_, i) => importedOrder(from + i, { customer: buyer(7), orderDate: at(today), items: candles(1) }));
    const c = await newCustomer(seller, { firstName: 'Buyer', lastName: 'Rewards7', email: 'rewards7@shop.test' });
    await Promise.all([
      upsertImportedOrders(seller.sellerId, batch(1000)),
      upsertImportedOrders(seller.sellerId, batch(2000)),
      upsertImportedOrders(seller.sellerId, batch(1000)),
      seller.api('POST', '/orders/save', { body: { customerId: c.customerID, items: candles(7) } }),
    ]);
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(67);
  });

  it('a CSV import earns; a file repeating its orders adds only the new one', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalType: 'dollars', goalCount: 100 });
    const header =
      'Order Number,Order Date,Status,First Name,Last Name,Email,Phone,Company,Address 1,Address 2,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price,Shipping,Tax,Total';
    const row = (n: string, qty: number) =>
      `${n},${today},unshipped,Csv,Buyer,csv.buyer@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,${qty},10.00,5.00,1.00,${qty * 10 + 6}`;
    const { job } = await upload(seller, '/upload/csvSync', 'orders.csv', [header, row('R-1', 2), row('R-2', 3)].join('\n'));
    expect(job).toMatchObject({ status: 'complete', ordersCreated: 2 });
    const info = async () => (await seller.api('GET', '/rewards/getrewardinfo')).json.customers;
    // Dollars count the items only: no shipping, no tax.
    expect(await info()).toEqual([expect.objectContaining({ points: 50, status: 'inProgress' })]);

    const again = await upload(seller, '/upload/csvSync', 'orders again.csv', [header, row('R-1', 2), row('R-2', 3), row('R-3', 3)].join('\n'));
    expect(again.job).toMatchObject({ status: 'complete', ordersCreated: 1 });
    expect(await info()).toEqual([expect.objectContaining({ points: 80, status: 'almost' })]);

    // The customer's history shows each imported order with the points it earned.
    const [buyer] = await info();
    const { history } = (await seller.api('GET', '/rewards/getpreviousrewards', { query: { customerId: buyer.customerID } })).json;
    expect(history.map((h: { description: string; points: number }) => [h.description, h.points]).sort()).toEqual([
      ['Order R-1', 20],
      ['Order R-2', 30],
      ['Order R-3', 30],
    ]);
  });

  it('a platform sync earns what its orders from the start date earn', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    // The demo store's first sync spreads its orders over 30 days; some are before a start date 10 days ago.
    const settings = (await startProgram(seller, { startDate: usDay(isoDay(-10)) })).settings;
    await seller.api('POST', '/integrations/connect', { body: { platform: 'wix' } });
    const { sync } = await syncNow(seller, 'wix');
    expect(sync.status).toBe('succeeded');
    const orders = (await seller.api('GET', '/orders/list')).json.orders as { orderId: string }[];
    const stored = await Promise.all(orders.map((o) => getOrder(seller.sellerId, o.orderId)));
    const expected = stored.reduce((sum, o) => sum + orderPoints(o ?? undefined, settings), 0);
    const customers = [...new Set(stored.map((o) => o?.customerId as string))];
    const balances = await Promise.all(customers.map((id) => balanceOf(seller.sellerId, id)));
    expect(balances.reduce((a: number, b) => a + (b ?? 0), 0)).toBe(expected);
    expect(stored.some((o) => orderPoints(o ?? undefined, settings) === 0)).toBe(true);
  });

  it("points added by hand past the goal give the reward its date earned, as an order's points do", async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalCount: 5 });
    const c = await newCustomer(seller, { firstName: 'By', lastName: 'Hand', email: 'by.hand@shop.test' });
    const adjusted = await seller.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount: 10 } });
    expect(adjusted.status, JSON.stringify(adjusted.json)).toBe(200);
    const [row] = (await seller.api('GET', '/rewards/getrewardinfo')).json.customers;
    expect(row).toMatchObject({ customerID: c.customerID, points: 10, status: 'earned', dateEarned: usDay(today) });
  });

  it('an adjustment sent again with its request key (a double click, a retry) adds its points once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const c = await newCustomer(seller, { firstName: 'Adjust', lastName: 'Once', email: 'adjust.once@shop.test' });
    const adjust = (requestKey: string, amount = 3) => seller.api('POST', '/rewards/createRewardsAdjustment', { body: { customerID: c.customerID, amount, requestKey } });
    const parallel = await Promise.all(Array.from({ length: 3 }, () => adjust('adjust-aaaaaaaa')));
    expect(parallel.map((r) => [r.status, r.json.rewardBalance])).toEqual([[200, 3], [200, 3], [200, 3]]);
    expect((await adjust('adjust-aaaaaaaa')).json).toEqual({ success: true, rewardBalance: 3 });
    // Another adjustment is another key: its points are added.
    expect((await adjust('adjust-bbbbbbbb', -1)).json).toEqual({ success: true, rewardBalance: 2 });
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(2);
  });

  it('redeem: one request key redeems once, one after the other and all at once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalCount: 2 });
    const c = await newCustomer(seller, { firstName: 'Redeem', lastName: 'Twice', email: 'redeem@shop.test' });
    await adjustRewardBalance(seller.sellerId, c.customerID, 5);
    const redeem = (requestKey: string) => seller.api('POST', '/rewards/redeemreward', { body: { customerID: c.customerID, requestKey } });

    const a1 = await redeem('key-aaaaaaaa');
    const a2 = await redeem('key-aaaaaaaa');
    expect([a1.status, a2.status]).toEqual([200, 200]);
    expect(a2.json).toEqual({ success: true, rewardBalance: 3, redeemCount: 1 });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => redeem('key-bbbbbbbb')));
    expect(parallel.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(seller.sellerId, c.customerID)).toBe(1);
    expect((await seller.api('GET', '/rewards/getgiftsearnedcount')).json).toEqual({ count: 2 });
    const previous = await seller.api('GET', '/rewards/getpreviousrewards');
    expect(previous.json.rewards).toHaveLength(2);
    const history = await seller.api('GET', '/rewards/getpreviousrewards', { query: { customerId: c.customerID } });
    expect(history.json.customer).toMatchObject({ points: 1, status: 'fulfilled' });
    expect(history.json.history.filter((h: { kind: string }) => h.kind === 'redeem')).toHaveLength(2);
    const none = await redeem('key-cccccccc');
    expect(none.status).toBe(409);
    expect(none.json.message).toBe('This customer has no reward to redeem.');
  });

  it('the dashboard: 20 a page by points, a cursor to the next, search by name or email', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalCount: 10 });
    for (let i = 1; i <= 23; i++) {
      const id = await createCustomer(seller.sellerId, { firstName: 'Page', lastName: `Customer${i}`, email: `page${i}@shop.test`, country: 'US' });
      await adjustRewardBalance(seller.sellerId, id, i);
    }
    const first = await seller.api('GET', '/rewards/getrewardinfo');
    expect(first.json.customers).toHaveLength(20);
    expect(first.json.customers[0]).toMatchObject({ name: 'Page Customer23', points: 23, status: 'earned', redeemCount: 2 });
    const second = await seller.api('GET', '/rewards/getrewardinfo', { query: { cursor: first.json.cursor } });
    expect(second.json.customers.map((c: { points: number }) => c.points)).toEqual([3, 2, 1]);
    expect(second.json.cursor).toBeUndefined();
    const found = await seller.api('GET', '/rewards/getrewardinfo', { query: { q: 'PAGE8@' } });
    expect(found.json.customers).toEqual([expect.objectContaining({ points: 8, status: 'almost' })]);
  });

  it('a merge adds the balances up and the dashboard lists the kept customer alone, earned today when together they reach the goal; adjustments are in the history', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller, { goalCount: 10 });
    const kept = await newCustomer(seller, { firstName: 'Kept', lastName: 'One', email: 'kept@shop.test' });
    const gone = await newCustomer(seller, { firstName: 'Gone', lastName: 'Two', email: 'gone@shop.test' });
    await adjustRewardBalance(seller.sellerId, kept.customerID, 4);
    await adjustRewardBalance(seller.sellerId, gone.customerID, 7);
    const merged = await seller.api('POST', '/customers/merge', { body: { id: kept.customerID, mergeIds: [gone.customerID] } });
    expect(merged.status).toBe(200);
    const info = await seller.api('GET', '/rewards/getrewardinfo');
    // Neither had earned the reward; together they have: it shows earned today, not "Never" (and is reminded of).
    expect(info.json.customers).toEqual([expect.objectContaining({ customerID: kept.customerID, points: 11, status: 'earned', dateEarned: usDay(today) })]);
    const history = await seller.api('GET', '/rewards/getpreviousrewards', { query: { customerId: kept.customerID } });
    expect(history.json.history).toEqual([expect.objectContaining({ kind: 'adjustment', points: 4 })]);
  });

  it('every gate refuses with 403 and changes nothing', async () => {
    const starter = await createTestSeller({ plan: 'starter' });
    const c = await newCustomer(starter, { firstName: 'Gate', lastName: 'Keeper', email: 'gate@shop.test' });
    const bodies: Record<string, unknown> = {
      'rewards.createRewardsAdjustment': { customerID: c.customerID, amount: 5 },
      'rewards.redeemReward': { customerID: c.customerID, requestKey: 'key-gate-000' },
      'rewards.sendAlmostCompletedEmail': { customerID: c.customerID },
      'rewards.sendReminderEmail': { customerID: c.customerID, message: 'Come back' },
      'rewards.sendAnnouncementEmail': { subject: 'Hi', message: 'News' },
      'rewards.saveSettings': { startDate: usDay(today), goalCount: 3, goalType: 'items', rewardText: 'Gift' },
    };
    const before = await everythingOf(starter.sellerId);
    const rewardRoutes = Object.values(routes).filter((r) => r.group === 'rewards');
    expect(rewardRoutes.length).toBeGreaterThanOrEqual(12);
    for (const r of rewardRoutes) {
      const res = await starter.api(r.method, r.path, r.method === 'POST' ? { body: bodies[r.id] ?? {} } : {});
      expect(res.status, r.id).toBe(403);
    }
    expect(await everythingOf(starter.sellerId)).toEqual(before);

    const growth = await createTestSeller({ plan: 'growth' });
    await startProgram(growth);
    // The save's catch-up (test/rewards/catch-up.test.ts) marks the program once it has run: taken as the state before.
    await until('the catch-up', async () => ((await getRewardSettings(growth.sellerId, { consistent: true }))?.caughtUpFrom ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const growthBefore = await everythingOf(growth.sellerId);
    const announce = await growth.api('POST', '/rewards/SendAnnouncementEmail', { body: { subject: 'Hi', message: 'News' } });
    expect(announce.status).toBe(403);
    const automatic = await growth.api('POST', '/rewards/savesettings', {
      body: { startDate: usDay(today), goalCount: 5, goalType: 'items', rewardText: 'Gift', sendRewardsEmail: true },
    });
    expect(automatic.status).toBe(403);
    expect(await everythingOf(growth.sellerId)).toEqual(growthBefore);
  });

  it('the daily job: automatic programs by the sparse index; run twice on a day, each customer once', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    const settings = (await startProgram(seller, { sendRewardsEmail: true, goalCount: 5, startDate: usDay(isoDay(-20)) })).settings;
    const growth = await createTestSeller({ plan: 'growth' });
    await startProgram(growth);
    const inIndex = async (sellerId: string) => {
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof automaticPrograms>> = await automaticPrograms(Number(rewardShard(sellerId)), cursor);
        if (page.programs.some((p) => p.sellerId === sellerId)) return true;
        cursor = page.cursor;
      } while (cursor);
      return false;
    };
    expect(await inIndex(seller.sellerId)).toBe(true);
    expect(await inIndex(growth.sellerId)).toBe(false);

    // Earned a week ago (due), earned today (not due), almost there since today, far from it.
    const dated = (n: number, qty: number) => importedOrder(100 + n, { customer: buyer(100 + n), orderDate: at(isoDay(-1)), items: candles(qty) });
    const [due, fresh, almost, far] = [dated(1, 6), dated(2, 5), dated(3, 4), dated(4, 1)];
    await upsertImportedOrders(seller.sellerId, [due, fresh, almost, far]);
    await queuedFor(seller.sellerId);
    const dueId = (await getOrder(seller.sellerId, await importedOrderId(seller.sellerId, 'shopify', due.platformOrderId)))?.customerId as string;
    const almostId = (await getOrder(seller.sellerId, await importedOrderId(seller.sellerId, 'shopify', almost.platformOrderId)))?.customerId as string;
    await customerEntity().patch({ sellerId: seller.sellerId, customerId: dueId }).set({ rewardEarnedAt: isoDay(-7) }).go();

    const event = { 'detail-type': 'Scheduled Event', source: 'aws.events', time: `${today}T15:00:00Z` } as Parameters<typeof reminderJob>[0];
    await reminderJob(event);
    const sent = await queuedFor(seller.sellerId);
    expect(sent.map((m) => [m.customerId, m.kind]).sort()).toEqual([[almostId, 'almost'], [dueId, 'reminder']].sort());
    expect(sent.find((m) => m.kind === 'almost')?.period).toBe('cycle-1');
    expect(settings.goalCount).toBe(5);

    await reminderJob(event);
    expect(await queuedFor(seller.sellerId)).toEqual([]);
  });

  it('the announcement: one message per customer with an email and per valid extra address, marked sent', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    await startProgram(seller);
    await newCustomer(seller, { firstName: 'Ann', lastName: 'One', email: 'ann.one@shop.test' });
    await newCustomer(seller, { firstName: 'Ann', lastName: 'Two', email: 'ann.two@shop.test' });
    await newCustomer(seller, { firstName: 'No', lastName: 'Email' });
    const answer = await sendAnnouncementEmail(seller, {
      subject: 'Awesome Rewards for Amazing Customers',
      message: 'Our rewards are here',
      extraEmails: 'friend@shop.test; not-an-address\nother@shop.test, friend@shop.test',
    });
    expect(answer).toEqual({ success: true, message: 'Emails have been sent!' });
    const sent = await queuedFor(seller.sellerId);
    expect(sent).toHaveLength(4);
    expect(sent.filter((m) => m.to).map((m) => m.to).sort()).toEqual(['friend@shop.test', 'other@shop.test']);
    expect(new Set(sent.map((m) => m.kind))).toEqual(new Set(['announcement']));
    expect((await getRewardSettings(seller.sellerId))?.announcementSent).toBe(true);

    const viaRoute = await seller.api('POST', '/rewards/SendAnnouncementEmail', { body: { message: 'Again' } });
    expect(viaRoute.json).toEqual({ success: true, message: 'Emails have been sent!' });
  });

  it('a reminder or almost-there email to a customer who cannot receive marketing is refused in words, not answered "sent"', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await startProgram(seller);
    const gone = await newCustomer(seller, { firstName: 'Gone', lastName: 'Away', email: 'gone.away@shop.test' });
    await unsubscribeCustomer(seller.sellerId, gone.customerID);
    for (const [path, body] of [
      ['/rewards/sendreminderemail', { customerID: gone.customerID, message: 'Your candle is waiting.' }],
      ['/rewards/sendalmostcompletedemail', { customerID: gone.customerID }],
    ] as const) {
      const res = await seller.api('POST', path, { body });
      expect(res.status, path).toBe(400);
      expect(res.json.message).toBe('This customer cannot receive marketing email.');
    }
    expect(await queuedFor(seller.sellerId)).toEqual([]);
  });

  it('the announcement goes once to an address: two customers sharing it, or an extra address that is a customer\'s', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    await startProgram(seller);
    await newCustomer(seller, { firstName: 'Ann', lastName: 'One', email: 'ann@shop.test' });
    await newCustomer(seller, { firstName: 'Ann', lastName: 'Again', email: 'ANN@shop.test' });
    await sendAnnouncementEmail(seller, { subject: 'Rewards', message: 'Our rewards are here', extraEmails: 'Ann@Shop.test, friend@shop.test' });
    const sent = await queuedFor(seller.sellerId);
    expect(sent.map((m) => (m.customerId ? m.customerEmail : m.to)?.toLowerCase()).sort()).toEqual(['ann@shop.test', 'friend@shop.test']);
  });
});
