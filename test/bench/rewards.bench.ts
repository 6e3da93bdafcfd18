import { performance } from 'node:perf_hooks';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';

/**
 * The rewards program at scale (issue 14):
 * - the daily reward-reminder job over REWARDS_BENCH_PROGRAMS automatic programs (default 10,000) of 50 customers
 *   each (10 with a reward earned a week ago: a reminder each; 5 almost there since today: an almost-there email
 *   each; 35 in progress), printing programs/s and messages queued per second, and a second run the same day (it
 *   must queue nothing);
 * - orders written the way every CSV import and platform sync writes them (upsertImportedOrders), for a seller with
 *   an active program against one without (goal: at most 15 % slower), REWARDS_BENCH_ORDERS orders (default 5,000).
 * The emails themselves (queue to SES) are the reward-email worker's figures.
 */
const PROGRAMS = Number(process.env.REWARDS_BENCH_PROGRAMS ?? 10_000);
const CUSTOMERS = 50;
const ORDERS = Number(process.env.REWARDS_BENCH_ORDERS ?? 5_000);
const SEED_CONCURRENCY = 16;
const DAY = 86_400_000;

const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

async function seedPrograms(run: string) {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { putRewardSettings } = await import('../../functions/data/rewards.js');
  const { rewardMemberEntity } = await import('../../functions/data/reward-entities.js');
  const { balanceKey } = await import('../../shared/domain/rewards.js');
  const today = isoDay(0);
  const weekAgo = isoDay(-7);
  const sellers = Array.from({ length: PROGRAMS }, (_, i) => `bench-rewards-${run}-${i}`);
  await eachLimited(sellers, SEED_CONCURRENCY, async (sellerId) => {
    await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench', businessName: 'Bench', plan: 'executive' });
    await putRewardSettings(sellerId, {
      startDate: usDay(isoDay(-30)),
      goalCount: 10,
      goalType: 'items',
      rewardText: 'A free candle',
      icon: 'star',
      active: true,
      announcementSent: false,
      sendRewardsEmail: true,
    });
    const members = Array.from({ length: CUSTOMERS }, (_, c) => {
      const balance = c < 10 ? 12 : c < 15 ? 8 : c % 7;
      return {
        sellerId,
        customerId: `c${c}`,
        name: `Customer ${c}`,
        searchText: `customer ${c}`,
        email: `c${c}@bench.test`,
        balance,
        balanceKey: balanceKey(balance),
        redeemed: 0,
        ...(c < 10 ? { earnedAt: weekAgo } : {}),
        ...(c >= 10 && c < 15 ? { almostSince: today } : {}),
      };
    });
    const { unprocessed } = await rewardMemberEntity.put(members).go();
    if (unprocessed.length > 0) throw new Error('members not seeded');
  });
}

async function benchReminderJob() {
  const { runRewardReminders } = await import('../../functions/rewards/reminders.js');
  const run = crypto.randomUUID().slice(0, 8);
  let t = performance.now();
  await seedPrograms(run);
  console.log(`seeded ${PROGRAMS} programs x ${CUSTOMERS} customers in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const at = `${isoDay(0)}T15:00:00Z`;
  t = performance.now();
  const first = await runRewardReminders(at);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `reminder job: ${first.programs} programs, ${first.messages} messages in ${seconds.toFixed(1)} s: ` +
      `${(first.programs / seconds).toFixed(0)} programs/s, ${(first.messages / seconds).toFixed(0)} messages/s`,
  );
  if (first.programs < PROGRAMS || first.messages < PROGRAMS * 15) throw new Error(`expected ${PROGRAMS} programs and ${PROGRAMS * 15} messages`);
  t = performance.now();
  const second = await runRewardReminders(at);
  console.log(`second run the same day: ${second.messages} messages, ${second.skipped} programs skipped in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (second.messages !== 0) throw new Error('the second run queued messages');
}

function orders(n: number, tag: string): ImportedOrder[] {
  return Array.from({ length: n }, (_, i) => {
    const buyer = i % 500;
    return {
      source: 'shopify',
      platformOrderId: `${tag}-${i}`,
      orderNumber: `#${i}`,
      orderDate: `${isoDay(-1)}T10:00:00.000Z`,
      status: 'unshipped',
      customer: { firstName: 'Buyer', lastName: `Number${buyer}`, email: `buyer${buyer}@bench.test` },
      items: [{ sku: 'CANDLE', name: 'Soy Candle', quantity: 1 + (i % 3), price: 12.5 }],
      subtotal: 12.5,
      shipping: 5,
      tax: 1,
      total: 18.5,
    };
  });
}

async function importOnce(withProgram: boolean): Promise<number> {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { putRewardSettings } = await import('../../functions/data/rewards.js');
  const { CustomerResolver, upsertImportedOrders } = await import('../../functions/imports/upsert-orders.js');
  const sellerId = `bench-rewards-import-${crypto.randomUUID()}`;
  await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench', businessName: 'Bench', plan: 'growth' });
  if (withProgram) {
    await putRewardSettings(sellerId, {
      startDate: usDay(isoDay(-30)),
      goalCount: 10,
      goalType: 'items',
      rewardText: 'A free candle',
      icon: 'star',
      active: true,
      announcementSent: false,
      sendRewardsEmail: false,
    });
  }
  const all = orders(ORDERS, sellerId);
  const resolver = new CustomerResolver(sellerId);
  const t = performance.now();
  // As the import worker hands them over: a batch of 500 rows at a time.
  for (let i = 0; i < all.length; i += 500) await upsertImportedOrders(sellerId, all.slice(i, i + 500), resolver);
  return (performance.now() - t) / 1000;
}

async function benchImport() {
  const runs: { without: number[]; with: number[] } = { without: [], with: [] };
  for (let i = 0; i < 2; i++) {
    runs.without.push(await importOnce(false));
    runs.with.push(await importOnce(true));
  }
  const best = (xs: number[]) => Math.min(...xs);
  const [without, withProgram] = [best(runs.without), best(runs.with)];
  console.log(
    `import of ${ORDERS} orders: without a program ${(ORDERS / without).toFixed(0)} orders/s, ` +
      `with an active program ${(ORDERS / withProgram).toFixed(0)} orders/s: ${(((withProgram - without) / without) * 100).toFixed(1)} % slower (goal: at most 15 %)`,
  );
}

export default async function bench(): Promise<void> {
  await benchImport();
  await benchReminderJob();
}
