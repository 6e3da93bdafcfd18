import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { QUEUES } from '../../infra/definitions.js';
import { toSqsRecord } from '../../infra/local/event-sources.js';

/**
 * Batch Purchase at scale (issue 18): LABELS_BENCH_COUNT orders (default 500) of one seller bought as one batch with
 * the sandbox carrier, through the cloud's label-batches queue and worker as a seller's batch runs: from the
 * batch's start (its messages queued) until every order is settled. Goal: at least 50 labels/s. Then the same
 * batch's messages delivered again (SQS's at least once): nothing more is bought or charged.
 */
const COUNT = Number(process.env.LABELS_BENCH_COUNT ?? 500);
const GOAL = 50;
const REDELIVERED = 50;
const SEED_CONCURRENCY = 16;
const PARCEL = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };
const SHIP_TO = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
const RETURN_ADDRESS = { name: 'Bench Candles', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
/** How long the idle cloud's CPU is measured before the batch. */
const IDLE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The CPU time (ms) DynamoDB Local (a Java process of its own, listening on `endpoint`'s port) has used so far, from
 * /proc; undefined where there is no /proc or no such process. A label's cost to the table, which load disturbs less
 * than its wall time.
 */
function tableCpuMs(endpoint: string): number | undefined {
  const port = new URL(endpoint).port;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!args.some((a) => a.endsWith('DynamoDBLocal.jar')) || args[args.indexOf('-port') + 1] !== port) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th (clock ticks, 100 a second).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

export default async function bench(cloud: LocalCloud): Promise<void> {
  const { createSellerProfile, getSellerProfile } = await import('../../functions/data/sellers.js');
  const { consultantEntity } = await import('../../functions/data/entities.js');
  const { creditPostage, getPostage } = await import('../../functions/data/postage.js');
  const { createOrder } = await import('../../functions/data/orders.js');
  const { getBatch } = await import('../../functions/data/label-batches.js');
  const { startBatch } = await import('../../functions/shipping/batches.js');
  const { config } = await import('../../functions/config.js');
  const { dynamo } = await import('../../functions/adapters/dynamo.js');
  // Every DynamoDB request of this process while the batch runs, by command: what a label costs the table.
  const requests = new Map<string, number>();
  let counting = false;
  dynamo.middlewareStack.add(
    (next, context) => (args) => {
      if (counting) requests.set(context.commandName ?? '?', (requests.get(context.commandName ?? '?') ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCount' },
  );

  const sellerId = `bench-labels-${crypto.randomUUID()}`;
  await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench', businessName: 'Bench Candles', plan: 'executive' });
  await consultantEntity().patch({ sellerId }).set({ returnAddress: RETURN_ADDRESS }).go();
  await creditPostage(sellerId, COUNT * 2_000);
  const orderIds = Array.from({ length: COUNT }, () => crypto.randomUUID());
  await eachLimited(orderIds.map((orderId, i) => ({ orderId, i })), SEED_CONCURRENCY, async ({ orderId, i }) => {
    await createOrder(sellerId, {
      orderId,
      orderNumber: `L-${i + 1}`,
      customerId: `c${i % 50}`,
      customerName: SHIP_TO.name,
      orderDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
      subtotal: 10,
      total: 10,
      shipTo: SHIP_TO,
    });
  });
  const seller = (await getSellerProfile(sellerId))!;
  const before = (await getPostage(sellerId)).balanceCents;

  // What the local cloud costs this process with no work (its queue pollers' long polls): taken off the batch's CPU.
  const tableIdleFrom = tableCpuMs(cloud.endpoints.dynamodb);
  const idleFrom = process.cpuUsage();
  const idleStart = performance.now();
  await sleep(IDLE_MS);
  const idle = process.cpuUsage(idleFrom);
  const idleSeconds = (performance.now() - idleStart) / 1000;
  const idlePerSecond = (idle.user + idle.system) / 1000 / idleSeconds;
  const tableIdle = tableCpuMs(cloud.endpoints.dynamodb);
  const tableIdlePerSecond = tableIdleFrom !== undefined && tableIdle !== undefined ? (tableIdle - tableIdleFrom) / idleSeconds : undefined;

  const tableFrom = tableCpuMs(cloud.endpoints.dynamodb);
  const t = performance.now();
  const cpu = process.cpuUsage();
  counting = true;
  const { batchId } = await startBatch(seller, { orderIds, allUnshipped: false, weights: [], service: 'usps_ground_advantage', parcel: PARCEL, idempotencyKey: `bench-${crypto.randomUUID()}`, confirmedChargeCents: 0 });
  const startedIn = (performance.now() - t) / 1000;
  let polls = 0;
  for (;;) {
    polls++;
    const batch = await getBatch(sellerId, batchId);
    if (batch && batch.bought + batch.failed >= COUNT) break;
    if (performance.now() - t > 30 * 60_000) throw new Error('the batch did not finish in 30 minutes');
    await sleep(100);
  }
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const tableTo = tableCpuMs(cloud.endpoints.dynamodb);
  counting = false;
  // The bench's own polling of the batch (one GetItem each) is not the purchase's.
  requests.set('GetItemCommand', (requests.get('GetItemCommand') ?? 0) - polls);
  const load = loadavg()[0]!.toFixed(1);
  const cpuMs = (used.user + used.system) / 1000;
  const netMs = cpuMs - idlePerSecond * seconds;
  const batch = (await getBatch(sellerId, batchId))!;
  const spent = before - (await getPostage(sellerId)).balanceCents;
  const rate = batch.bought / seconds;
  const q = QUEUES.labelBatches;
  console.log(
    `batch purchase of ${COUNT} labels (sandbox carrier; ${q.concurrency} batches of ${q.batchSize} at once, at most ` +
      `${config.CARRIER_PURCHASES_PER_SECOND} carrier purchases/s): ${batch.bought} bought, ${batch.failed} failed in ${seconds.toFixed(1)} s: ` +
      `${rate.toFixed(1)} labels/s, ${(netMs / COUNT).toFixed(1)} ms of this process's CPU each (${(cpuMs / COUNT).toFixed(1)} ms with the idle cloud's ${idlePerSecond.toFixed(0)} ms/s), load average ${load} (goal: at least ${GOAL}) ${rate >= GOAL && batch.failed === 0 ? 'PASS' : 'FAIL'}`,
  );
  const total = [...requests.values()].reduce((a, b) => a + b, 0);
  console.log(
    `DynamoDB requests while it ran: ${(total / COUNT).toFixed(2)} a label (${[...requests]
      .sort((a, b) => b[1] - a[1])
      .map(([command, n]) => `${command.replace(/Command$/, '')} ${(n / COUNT).toFixed(2)}`)
      .join(', ')})`,
  );
  if (tableFrom !== undefined && tableTo !== undefined)
    console.log(
      `DynamoDB Local's CPU while it ran: ${((tableTo - tableFrom) / COUNT).toFixed(1)} ms a label (idle before the batch: ${tableIdlePerSecond?.toFixed(0)} ms/s); ` +
        `the batch was started (quoted, recorded, its messages queued) in ${startedIn.toFixed(1)} s`,
    );
  if (spent !== batch.spentCents) throw new Error(`the balance went down ${spent} cents for labels of ${batch.spentCents}`);

  // SQS delivers at least once: the batch's messages handed to the worker again, 10 at a time as Lambda does.
  const { handler } = await import('../../functions/jobs/label-batch.js');
  const queue = { name: q.name, url: '', arn: `arn:aws:sqs:us-east-1:000000000000:${q.name}`, dlqName: '', dlqUrl: '', dlqArn: '' };
  const again = orderIds.slice(0, REDELIVERED).map((orderId) =>
    toSqsRecord(
      { MessageId: crypto.randomUUID(), Body: JSON.stringify({ sellerId, batchId, orderId, service: 'usps_ground_advantage', parcel: PARCEL }), Attributes: { ApproximateReceiveCount: '2' } },
      queue,
      'us-east-1',
    ),
  );
  let failed = 0;
  for (let i = 0; i < again.length; i += q.batchSize) failed += (await handler({ Records: again.slice(i, i + q.batchSize) })).batchItemFailures.length;
  const after = (await getBatch(sellerId, batchId))!;
  const spentAfter = before - (await getPostage(sellerId)).balanceCents;
  const once = failed === 0 && after.bought === batch.bought && spentAfter === spent;
  console.log(
    `${again.length} of its messages delivered again: ${after.bought - batch.bought} more bought, ${spentAfter - spent} cents more charged ` +
      `(goal: none) ${once ? 'PASS' : 'FAIL'}`,
  );
}
