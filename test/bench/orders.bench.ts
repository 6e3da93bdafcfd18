import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { time } from './timing.js';

/**
 * Orders and shipping: the first page of a seller's 50,000 orders through the orders repository, beside one raw
 * DynamoDB Query of the same page (the floor). Batch Purchase has its own bench (labels.bench.ts).
 * Scale: ORDERS_BENCH_ORDERS (default 50,000), ORDERS_BENCH_RUNS (default 30).
 */
const ORDERS = Number(process.env.ORDERS_BENCH_ORDERS ?? 50_000);
const RUNS = Number(process.env.ORDERS_BENCH_RUNS ?? 30);
const SHIP_TO = { name: 'Ada Lovelace', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };

function order(sellerId: string, i: number) {
  return {
    sellerId,
    orderId: `o-${String(i).padStart(6, '0')}`,
    orderNumber: `B-${i}`,
    customerId: `c-${i % 500}`,
    customerName: `Customer ${i % 500}`,
    orderDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    status: 'unshipped' as const,
    items: [{ name: 'Soy Candle', quantity: 1, price: 24 }],
    subtotal: 24,
    total: 24,
    shipTo: SHIP_TO,
  };
}

async function seedOrders(sellerId: string, count: number) {
  const { orderEntity } = await import('../../functions/data/entities.js');
  const chunk = 1000;
  for (let start = 0; start < count; start += chunk * 4) {
    await Promise.all(
      [0, 1, 2, 3].map(async (k) => {
        const from = start + k * chunk;
        if (from >= count) return;
        const items = Array.from({ length: Math.min(chunk, count - from) }, (_, j) => order(sellerId, from + j));
        const { unprocessed } = await orderEntity().put(items).go({ concurrency: 4 });
        if (unprocessed.length) throw new Error('seed: orders left unwritten');
      }),
    );
  }
}

async function listBench() {
  const { listOrders } = await import('../../functions/data/orders.js');
  const sellerId = `bench-orders-${crypto.randomUUID()}`;
  const t = performance.now();
  await seedOrders(sellerId, ORDERS);
  console.log(`seeded ${ORDERS} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const ddb = new DynamoDBClient({});
  const raw = () =>
    ddb.send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `CONSULTANT#${sellerId}#ORDERS` } },
        ScanIndexForward: false,
        Limit: 20,
      }),
    );
  const first = await listOrders(sellerId);
  const rawFirst = await raw();
  if (first.orders.length !== 20 || rawFirst.Items?.length !== 20) throw new Error('pages differ in size');
  const repo = await time(() => listOrders(sellerId), RUNS);
  const floor = await time(raw, RUNS);
  const filtered = await time(() => listOrders(sellerId, { status: 'unshipped' }), RUNS);
  console.log(`first page of ${ORDERS} orders (20 rows), ${RUNS} runs:`);
  console.log(`  orders repository (listOrders)     p50 ${repo.p50.toFixed(2)} ms  p95 ${repo.p95.toFixed(2)} ms`);
  console.log(`  raw DynamoDB Query, same page      p50 ${floor.p50.toFixed(2)} ms  p95 ${floor.p95.toFixed(2)} ms`);
  console.log(`  ratio repository / raw (p50)       ${(repo.p50 / floor.p50).toFixed(2)}x`);
  const ratio = filtered.p50 / floor.p50;
  console.log(
    `  with the status filter (unshipped) p50 ${filtered.p50.toFixed(2)} ms  (${ratio.toFixed(2)}x raw; goal at most 1.5x, the status index) ` +
      `${ratio <= 1.5 ? 'PASS' : 'FAIL'}, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  ddb.destroy();
}

export default async function bench(): Promise<void> {
  await listBench();
}
