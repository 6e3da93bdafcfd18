import { performance } from 'node:perf_hooks';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import type { RewardEmailRequested } from '../../events/schemas.js';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { QUEUES } from '../../infra/definitions.js';
import { toSqsRecord } from '../../infra/local/event-sources.js';
import { cpuDuring } from './timing.js';

/**
 * The rewards program at scale (issue 14), each figure against its goal:
 * - the daily reward-reminder job over REWARDS_BENCH_PROGRAMS automatic programs (default 1,000; 10,000 is the
 *   issue's scale) of 50 customers each (10 with a reward earned a week ago: a reminder each; 5 almost there since today: an almost-there email
 *   each; 35 in progress): programs/s and messages queued/s, and a second run the same day (it must queue nothing);
 * - the reward-email worker (its handler, batches as Lambda hands them over, EMAIL_CONCURRENCY at once, the
 *   send rate lifted so only the work is measured) over REWARDS_BENCH_EMAILS of the job's messages (default
 *   6,000, after REWARDS_BENCH_WARMUP untimed), against a raw SESv2 SendEmail loop of the same count and concurrency to the same local SES (goal: the
 *   worker at least 70 % of the raw rate);
 * - orders written the way every CSV import and platform sync writes them (upsertImportedOrders), for a seller with
 *   an active program against one without, REWARDS_BENCH_ORDERS orders (default 5,000; goal: at most 15 % slower).
 * The cloud's reward-email worker is paused, so the job's messages wait on the queue for the worker bench.
 * REWARDS_BENCH_PART=import or =job runs one half.
 */
// The scale is 10,000 programs (REWARDS_BENCH_PROGRAMS=10000): seeding half a million members into
// DynamoDB Local takes longer than a bench run should here, so the default is a tenth of it (docs/performance.md).
const PROGRAMS = Number(process.env.REWARDS_BENCH_PROGRAMS ?? 1_000);
const CUSTOMERS = 50;
/** Emails each side sends in the timed run: 2,000 gave ratios 56-74 % in five runs of one build, 6,000 78-80 %. */
const EMAILS = Number(process.env.REWARDS_BENCH_EMAILS ?? 6_000);
/**
 * Emails each side sends untimed before its timed run. DynamoDB Local is a JVM: cold, its CPU a request was about
 * twice its warm figure (2.3-2.8 against 1.2-1.7 ms an email here), and only the worker's side asks it anything, so an
 * unwarmed run measured the JIT, not the worker; after 500 emails it was still 0.89-1.18 ms an email, after 2,000
 * 0.75-0.79 (docs/performance.md, "Rewards", "Email ledger").
 */
const WARMUP = Number(process.env.REWARDS_BENCH_WARMUP ?? 2_000);
const ORDERS = Number(process.env.REWARDS_BENCH_ORDERS ?? 5_000);
/** Turns the worker and the raw loop take in the timed run, one after the other (REWARDS_BENCH_ROUNDS). */
const ROUNDS = Number(process.env.REWARDS_BENCH_ROUNDS ?? 4);
const SEED_CONCURRENCY = 16;
const EMAIL_CONCURRENCY = 8;
/** The records Lambda hands over at once, as deployed. */
const LAMBDA_BATCH = QUEUES.rewardEmails.batchSize;
/** SES calls in flight at once, on both sides. */
const IN_FLIGHT = EMAIL_CONCURRENCY * LAMBDA_BATCH;
const DAY = 86_400_000;

const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

const sqs = new SQSClient({});

/**
 * The reward-emails queue with the cloud's worker paused: what the job queues stays there for the bench to take
 * (the bench runner lifted the send rate before the cloud loaded its workers: run.ts).
 */
async function pausedQueue(cloud: LocalCloud): Promise<string> {
  cloud.pausePoller('reward-emails');
  const { config } = await import('../../functions/config.js');
  if (config.EMAIL_SEND_RATE_PER_SECOND < 10_000) throw new Error('the send rate is SES\'s: run the bench through test/bench/run.ts');
  return cloud.resources.queues.rewardEmails.url;
}

async function seedPrograms(run: string): Promise<string[]> {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { putRewardSettings } = await import('../../functions/data/rewards.js');
  const { customerEntity } = await import('../../functions/data/entities.js');
  const { memberIndexKeys } = await import('../../functions/data/rewards.js');
  const today = isoDay(0);
  const weekAgo = isoDay(-7);
  const sellers = Array.from({ length: PROGRAMS }, (_, i) => `bench-rewards-${run}-${i}`);
  await eachLimited(sellers, SEED_CONCURRENCY, async (sellerId) => {
    await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench', businessName: 'Bench Candles', plan: 'executive' });
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
    // Members are customers carrying the program's fields and index keys (docs/data-model.md).
    const members = Array.from({ length: CUSTOMERS }, (_, c) => {
      const balance = c < 10 ? 12 : c < 15 ? 8 : c % 7;
      return {
        sellerId,
        customerId: `c${c}`,
        firstName: 'Customer',
        lastName: `${c}`,
        email: `c${c}@bench.test`,
        rewardBalance: balance,
        rewardRev: 1,
        ...memberIndexKeys(sellerId, `c${c}`, balance),
        rewardSearch: `customer ${c} c${c}@bench.test`,
        rewardRedeemed: 0,
        ...(c < 10 ? { rewardEarnedAt: weekAgo } : {}),
        ...(c >= 10 && c < 15 ? { rewardAlmostSince: today } : {}),
      };
    });
    const { unprocessed } = await customerEntity().put(members).go();
    if (unprocessed.length > 0) throw new Error('members not seeded');
  });
  return sellers;
}

async function benchReminderJob(): Promise<{ messages: number }> {
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
    `reminder job: ${first.programs} programs, ${first.messages} messages queued in ${seconds.toFixed(1)} s: ` +
      `${(first.programs / seconds).toFixed(0)} programs/s, ${(first.messages / seconds).toFixed(0)} messages/s`,
  );
  if (first.programs < PROGRAMS || first.messages < PROGRAMS * 15) throw new Error(`expected ${PROGRAMS} programs and ${PROGRAMS * 15} messages`);
  t = performance.now();
  const second = await runRewardReminders(at);
  console.log(
    `second run the same day: ${second.messages} messages, ${second.skipped} programs skipped in ${((performance.now() - t) / 1000).toFixed(1)} s ` +
      `(goal: 0 messages) ${verdict(second.messages === 0)}`,
  );
  return { messages: first.messages };
}

/** `count` of the job's messages, off the bench's queue. */
async function takeMessages(queueUrl: string, count: number): Promise<RewardEmailRequested[]> {
  const taken: RewardEmailRequested[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (taken.length < count) {
        const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, VisibilityTimeout: 3600 }));
        if (!out.Messages?.length) break;
        for (const m of out.Messages) if (taken.length < count) taken.push(JSON.parse(m.Body ?? '{}') as RewardEmailRequested);
      }
    }),
  );
  return taken;
}

/**
 * The customers' names and the sellers' footer addresses the sampled messages name (the job is done with them). A
 * customer's address is the one the message carries: the usual case, an address not changed between the job and
 * the send.
 */
async function seedRecipients(messages: readonly RewardEmailRequested[]) {
  const { customerEntity, consultantEntity } = await import('../../functions/data/entities.js');
  const customers = [...new Map(messages.map((m) => [`${m.sellerId}/${m.customerId}`, m])).values()].map((m) => ({
    sellerId: m.sellerId,
    customerId: m.customerId as string,
    firstName: `Customer ${m.customerId}`,
    lastName: 'Bench',
    email: m.customerEmail ?? `${m.sellerId}-${m.customerId}@bench.test`,
  }));
  for (let i = 0; i < customers.length; i += 500) {
    const { unprocessed } = await customerEntity().put(customers.slice(i, i + 500)).go();
    if (unprocessed.length > 0) throw new Error('customers not seeded');
  }
  const address = { name: 'Bench Candles', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
  await eachLimited([...new Set(messages.map((m) => m.sellerId))], SEED_CONCURRENCY, async (sellerId) => {
    await consultantEntity().patch({ sellerId }).set({ returnAddress: address }).go();
  });
}

function lambdaEvent(messages: readonly RewardEmailRequested[]): SQSEvent {
  const queue = { name: 'reward-emails', url: '', arn: 'arn:aws:sqs:us-east-1:000000000000:reward-emails', dlqName: '', dlqUrl: '', dlqArn: '' };
  return {
    Records: messages.map((m) =>
      toSqsRecord({ MessageId: crypto.randomUUID(), Body: JSON.stringify(m), Attributes: { ApproximateReceiveCount: '1' } }, queue, 'us-east-1'),
    ),
  };
}

async function benchEmails(queueUrl: string, queued: number) {
  const { handler } = await import('../../functions/jobs/reward-email.js');
  const { outbox } = await import('../support/outbox.js');
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const count = Math.min(EMAILS, queued);
  const warm = Math.min(WARMUP, Math.max(0, queued - count));
  const taken = await takeMessages(queueUrl, warm + count);
  if (taken.length < warm + count) throw new Error(`only ${taken.length} of ${warm + count} messages on the queue`);
  await seedRecipients(taken);
  let failed = 0;
  const work = async (messages: readonly RewardEmailRequested[]) => {
    const batches: RewardEmailRequested[][] = [];
    for (let i = 0; i < messages.length; i += LAMBDA_BATCH) batches.push(messages.slice(i, i + LAMBDA_BATCH));
    await eachLimited(batches, EMAIL_CONCURRENCY, async (batch) => {
      failed += (await handler(lambdaEvent(batch))).batchItemFailures.length;
    });
  };
  await work(taken.slice(0, warm));
  const workerSent = async () => (await outbox()).filter((e) => !e.to.some((to) => to.startsWith('raw-'))).length;
  const before = await workerSent();

  // The same count and concurrency (as many SendEmail calls in flight as the worker can have: EMAIL_CONCURRENCY
  // batches, each sending its records side by side), straight to the same local SES, a message of the same size.
  // Built as the worker's own client is (functions/adapters/ses.ts, without the SDK's logger step), so the two
  // sides differ only by the worker's work.
  const { withoutSdkLogging } = await import('../../functions/adapters/sdk-client.js');
  const raw = withoutSdkLogging(new SESv2Client({}));
  const sample = (await outbox()).at(-1);
  const rawOne = (i: number) =>
    raw.send(
      new SendEmailCommand({
        FromEmailAddress: sample?.from ?? 'no-reply@consultantdesk.test',
        Destination: { ToAddresses: [`raw-${i}@bench.test`] },
        Content: { Simple: { Subject: { Data: sample?.subject ?? 'A reward is waiting for you' }, Body: { Text: { Data: sample?.text ?? 'Hello' }, ...(sample?.html ? { Html: { Data: sample.html } } : {}) } } },
      }),
    );
  const rawLoop = (from: number, n: number) =>
    eachLimited(
      Array.from({ length: n }, (_, i) => from + i),
      IN_FLIGHT,
      async (i) => void (await rawOne(i)),
    );
  await rawLoop(0, warm);

  // The two sides take turns (ROUNDS each), so a change in the machine's load during the run weighs on both alike.
  const timed = taken.slice(warm);
  let [workerSeconds, rawSeconds] = [0, 0];
  const workerCpu = { self: 0, children: 0 };
  const rawCpu = { self: 0, children: 0 };
  const add = (to: typeof workerCpu, cpu: typeof workerCpu) => {
    to.self += cpu.self;
    to.children += cpu.children;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const [from, to] = [Math.floor((round * count) / ROUNDS), Math.floor(((round + 1) * count) / ROUNDS)];
    let t = performance.now();
    add(workerCpu, (await cpuDuring(() => work(timed.slice(from, to)))).cpu);
    workerSeconds += (performance.now() - t) / 1000;
    t = performance.now();
    add(rawCpu, (await cpuDuring(() => rawLoop(warm + from, to - from))).cpu);
    rawSeconds += (performance.now() - t) / 1000;
  }
  const sent = (await workerSent()) - before;
  if (failed > 0 || sent !== count) throw new Error(`the worker sent ${sent} of ${count} emails (${failed} failed)`);
  const [workerRate, rawRate] = [count / workerSeconds, count / rawSeconds];
  const cpuMs = (seconds: number) => ((seconds * 1000) / count).toFixed(2);
  console.log(
    `reward-email worker (${EMAIL_CONCURRENCY} batches of ${LAMBDA_BATCH} at once, records side by side; ${warm} emails untimed first on each side; ${ROUNDS} turns each): ${count} emails in ${workerSeconds.toFixed(1)} s, ` +
      `${workerRate.toFixed(0)} emails/s, ${cpuMs(workerCpu.self)} ms of this process's CPU each; raw SES SendEmail loop (${IN_FLIGHT} at once, the same ` +
      `most emails in flight): ${rawRate.toFixed(0)} emails/s, ${cpuMs(rawCpu.self)} ms CPU each: ` +
      `${((workerRate / rawRate) * 100).toFixed(0)} % of raw (goal: at least 70 %) ${verdict(workerRate >= 0.7 * rawRate)}`,
  );
  // DynamoDB Local's share, which the raw loop does not have: on this 2-core machine the two processes share the cores.
  console.log(
    `  CPU an email of DynamoDB Local (the bench's child processes): worker ${cpuMs(workerCpu.children)} ms, raw ${cpuMs(rawCpu.children)} ms`,
  );
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

async function importOnce(withProgram: boolean): Promise<{ seconds: number; cpu: number }> {
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
  const { cpu } = await cpuDuring(async () => {
    for (let i = 0; i < all.length; i += 500) await upsertImportedOrders(sellerId, all.slice(i, i + 500), resolver);
  });
  return { seconds: (performance.now() - t) / 1000, cpu: cpu.self + cpu.children };
}

async function benchImport() {
  const runs: { without: { seconds: number; cpu: number }[]; with: { seconds: number; cpu: number }[] } = { without: [], with: [] };
  // Alternated, best of three each: the machine is shared, and the best run is the least disturbed one.
  for (let i = 0; i < 3; i++) {
    runs.without.push(await importOnce(false));
    runs.with.push(await importOnce(true));
  }
  const best = (xs: number[]) => Math.min(...xs);
  const [without, withProgram] = [best(runs.without.map((r) => r.seconds)), best(runs.with.map((r) => r.seconds))];
  const [cpuWithout, cpuWith] = [best(runs.without.map((r) => r.cpu)), best(runs.with.map((r) => r.cpu))];
  const slower = ((withProgram - without) / without) * 100;
  console.log(
    `import of ${ORDERS} orders: without a program ${(ORDERS / without).toFixed(0)} orders/s, ` +
      `with an active program ${(ORDERS / withProgram).toFixed(0)} orders/s: ${slower.toFixed(1)} % slower (goal: at most 15 %) ${verdict(slower <= 15)}`,
  );
  // CPU an order of this process and DynamoDB Local (best run each way): what a loaded machine disturbs least.
  console.log(
    `  CPU an order (this process + DynamoDB Local): without ${((cpuWithout * 1000) / ORDERS).toFixed(2)} ms, ` +
      `with ${((cpuWith * 1000) / ORDERS).toFixed(2)} ms: ${(((cpuWith - cpuWithout) / cpuWithout) * 100).toFixed(1)} % more`,
  );
}

export default async function bench(cloud: LocalCloud): Promise<void> {
  const queueUrl = await pausedQueue(cloud);
  if (process.env.REWARDS_BENCH_PART !== 'job') await benchImport();
  if (process.env.REWARDS_BENCH_PART !== 'import') {
    const { messages } = await benchReminderJob();
    await benchEmails(queueUrl, messages);
  }
}
