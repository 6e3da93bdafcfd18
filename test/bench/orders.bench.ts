import { performance } from 'node:perf_hooks';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { until } from '../support/until.js';
import { time } from './timing.js';

/**
 * Orders and shipping: the first page of a seller's 50,000 orders through the orders repository, beside one raw
 * DynamoDB Query of the same page (the floor), and Batch Purchase throughput through the label-batches queue.
 */
const ORDERS = 50_000;
const BATCH = 200;
const RUNS = 30;
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
        const { unprocessed } = await orderEntity.put(items).go({ concurrency: 4 });
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
  const repo = await time(() => listOrders(sellerId));
  const floor = await time(raw);
  const filtered = await time(() => listOrders(sellerId, { status: 'unshipped' }));
  console.log(`first page of ${ORDERS} orders (20 rows), ${RUNS} runs:`);
  console.log(`  orders repository (listOrders)     p50 ${repo.p50.toFixed(2)} ms  p95 ${repo.p95.toFixed(2)} ms`);
  console.log(`  raw DynamoDB Query, same page      p50 ${floor.p50.toFixed(2)} ms  p95 ${floor.p95.toFixed(2)} ms`);
  console.log(`  ratio repository / raw (p50)       ${(repo.p50 / floor.p50).toFixed(2)}x`);
  console.log(`  with the status filter (unshipped) p50 ${filtered.p50.toFixed(2)} ms  (${(filtered.p50 / floor.p50).toFixed(2)}x raw)`);
  ddb.destroy();
}

async function batchBench() {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { consultantEntity } = await import('../../functions/data/entities.js');
  const { creditPostage } = await import('../../functions/data/postage.js');
  const { getBatch } = await import('../../functions/data/label-batches.js');
  const { startBatch } = await import('../../functions/shipping/batches.js');
  const sellerId = `bench-batch-${crypto.randomUUID()}`;
  await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench Seller', plan: 'executive' });
  await consultantEntity.patch({ sellerId }).set({ returnAddress: { name: 'Bench', address1: '500 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' } }).go();
  await creditPostage(sellerId, 10_000_000);
  await seedOrders(sellerId, BATCH);
  const seller = (await (await import('../../functions/data/sellers.js')).getSellerProfile(sellerId))!;
  const orderIds = Array.from({ length: BATCH }, (_, i) => order(sellerId, i).orderId);
  const t = performance.now();
  const { batchId } = await startBatch(seller, { orderIds, allUnshipped: false, weights: [], service: 'usps_ground_advantage', parcel: { weightOz: 16, lengthIn: 10, widthIn: 8, heightIn: 4 } });
  const b = await until(
    `batch ${batchId} to finish`,
    async () => {
      const batch = (await getBatch(sellerId, batchId))!;
      return batch.bought + batch.failed === batch.orderCount ? batch : undefined;
    },
    { timeoutMs: 10 * 60_000, intervalMs: 100 },
  );
  const s = (performance.now() - t) / 1000;
  console.log(`batch purchase of ${BATCH} labels (PDF each, queue + worker): ${s.toFixed(1)} s, ${(b.bought / s).toFixed(1)} labels/s (${b.failed} failed)`);
}

export default async function bench(): Promise<void> {
  await listBench();
  await batchBench();
}
