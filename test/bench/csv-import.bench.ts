import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { until } from '../support/until.js';
import { cpuDuring } from './timing.js';

/**
 * CSV order import through the real pipeline: a generated file of our template (orders of 1 to 3 items, buyers who
 * order again) put where uploads go, S3's ObjectCreated event, the csv-jobs queue, the csv-sync worker, DynamoDB
 * Local. Prints rows per second and the worker's memory beside plain BatchWriteItem of the same orders on the same
 * DynamoDB Local, and the memory of a file a fifth of the size: a streamed import must not grow with the file.
 * CSV_BENCH_ROWS sets the rows of the large file (default 20,000; issue 18's figure is CSV_BENCH_ROWS=100000).
 * Goal (issue 18): the pipeline at least 70 % of plain BatchWriteItem's rows/s.
 */
const ROWS = Number(process.env.CSV_BENCH_ROWS ?? 20_000);
/** One buyer per 50 rows (2,000 in 100,000 rows): a smaller file keeps the mix of new and returning buyers. */
const BUYERS = Math.max(1, Math.round(ROWS / 50));
const SAMPLE_MS = 2_000;

// Heap used right after a full collection is what the process holds; without it a sample is mostly garbage.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const HEADER =
  'Order Number,Order Date,Status,First Name,Last Name,Email,Phone,Company,Address 1,Address 2,City,State,Zip,Country,SKU,Item Name,Quantity,Unit Price,Shipping,Tax,Total';
const PRODUCTS = [
  ['CAND-VAN', 'Vanilla Candle, 8 oz', '12.50'],
  ['LIP-RED', 'Velvet Lipstick - Ruby', '18.00'],
  ['TEA-02', 'Green Tea Sampler', '15.00'],
] as const;

interface Generated {
  text: string;
  orders: number;
}

/** The file: order n has 1 + n % 3 items (two rows per order on average) and buyer n % BUYERS. */
function generate(rows: number, prefix: string): Generated {
  const lines = [HEADER];
  let orders = 0;
  while (lines.length - 1 < rows) {
    const n = orders++;
    const buyer = n % BUYERS;
    const items = Math.min(1 + (n % 3), rows - (lines.length - 1));
    const day = String((n % 28) + 1).padStart(2, '0');
    for (let i = 0; i < items; i++) {
      const [sku, name, price] = PRODUCTS[i] as (typeof PRODUCTS)[number];
      const order =
        i === 0
          ? `${prefix}-${n},2025-03-${day},unshipped,Buyer,Number${buyer},buyer${buyer}@bench.test,,,${buyer} Main St,,Austin,TX,78701,US`
          : `${prefix}-${n},,,,,,,,,,,,,`;
      lines.push(`${order},${sku},"${name}",${1 + (n % 2)},${price},${i === 0 ? '5.00,1.25,' : ',,'}`);
    }
  }
  return { text: lines.join('\n'), orders };
}

interface Memory {
  heapMb: number;
  rssMb: number;
}

/**
 * Samples this process (where the local cloud runs the worker) while `fn` runs: the peaks of live heap (after a
 * full collection) and RSS above their level before.
 */
async function peakDuring<T>(fn: () => Promise<T>): Promise<{ value: T; memory: Memory }> {
  collect();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const timer = setInterval(() => {
    collect();
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  }, SAMPLE_MS);
  try {
    const value = await fn();
    return { value, memory: { heapMb: (heap - before.heapUsed) / 2 ** 20, rssMb: (rss - before.rss) / 2 ** 20 } };
  } finally {
    clearInterval(timer);
  }
}

/** Imports one generated file through S3 -> SQS -> worker and waits for its job; rows per second and memory. */
async function importThroughPipeline(rows: number) {
  const { createSellerProfile } = await import('../../functions/data/sellers.js');
  const { claimCsvJob, csvJobId, getCsvJob } = await import('../../functions/data/csv-jobs.js');
  const { uploadKey } = await import('../../functions/imports/csv-upload.js');
  const { s3 } = await import('../../functions/adapters/s3.js');
  const sellerId = `bench-csv-${crypto.randomUUID()}`;
  await createSellerProfile({ sellerId, email: `${sellerId}@bench.test`, name: 'Bench Seller', businessName: 'Bench', plan: 'executive' });
  const file = generate(rows, 'B');
  const body = Buffer.from(file.text);
  const hash = createHash('sha256').update(body).digest('hex');
  const jobId = csvJobId('orders', hash);
  const key = uploadKey(sellerId, jobId);
  await claimCsvJob(sellerId, { jobId, kind: 'orders', fileName: 'bench.csv', fileHash: hash, s3Key: key, rowsTotal: rows }, new Date(0).toISOString());
  const t = performance.now();
  await s3.send(new PutObjectCommand({ Bucket: process.env.UPLOAD_BUCKET, Key: key, Body: body, ContentType: 'text/csv' }));
  // The baseline is taken with the file already held by the S3 emulator (it runs in this process too).
  const { value: { value: job, memory }, cpu } = await cpuDuring(() => peakDuring(() =>
    until(
      `csv job ${jobId} to end`,
      async () => {
        const job = await getCsvJob(sellerId, jobId);
        return job?.status === 'complete' || job?.status === 'failed' ? job : undefined;
      },
      { timeoutMs: 30 * 60_000, intervalMs: 100 },
    ),
  ));
  const seconds = (performance.now() - t) / 1000;
  if (job.status !== 'complete' || job.ordersCreated !== file.orders || job.rowsDone !== rows) {
    throw new Error(`import ended ${job.status} with ${job.ordersCreated}/${file.orders} orders, ${job.rowsDone}/${rows} rows`);
  }
  return { rows, orders: file.orders, bytes: body.length, seconds, memory, cpu, sellerId };
}

const FLOOR_RUNS = 3;

/**
 * The floor: the same orders as items, written with BatchWriteItem (25 a request), one request at a time; FLOOR_RUNS
 * runs, each to a copy of its own, and the fastest is the floor. DynamoDB Local's rate for the same writes moves
 * between runs (1,679 to 4,111 rows/s in one day), and a slow floor would flatter the pipeline.
 */
async function batchWriteFloor(sellerId: string) {
  const { orderEntity } = await import('../../functions/data/entities.js');
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  const runs: { seconds: number; cpu: Awaited<ReturnType<typeof cpuDuring>>['cpu'] }[] = [];
  for (let run = 1; run <= FLOOR_RUNS; run++) {
    const copies = data.map((o) => ({ ...o, sellerId: `${sellerId}-floor-${run}` }));
    const t = performance.now();
    const { cpu } = await cpuDuring(async () => {
      for (let i = 0; i < copies.length; i += 25) {
        const { unprocessed } = await orderEntity().put(copies.slice(i, i + 25)).go({ concurrency: 1 });
        if (unprocessed.length) throw new Error('floor: orders left unwritten');
      }
    });
    runs.push({ seconds: (performance.now() - t) / 1000, cpu });
  }
  const fastest = runs.reduce((best, r) => (r.seconds < best.seconds ? r : best));
  return { orders: data.length, ...fastest, runs: runs.map((r) => r.seconds) };
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

export default async function bench(): Promise<void> {
  const small = await importThroughPipeline(Math.round(ROWS / 5));
  const large = await importThroughPipeline(ROWS);
  const floor = await batchWriteFloor(large.sellerId);
  const pipelineRate = large.rows / large.seconds;
  const floorRate = large.rows / floor.seconds;
  console.log(`CSV import of ${large.rows} rows (${large.orders} orders, ${mb(large.bytes / 2 ** 20)}), S3 -> SQS -> worker -> DynamoDB Local:`);
  console.log(`  pipeline                            ${pipelineRate.toFixed(0)} rows/s  (${large.seconds.toFixed(1)} s)`);
  const runs = floor.runs.map((r) => `${r.toFixed(1)} s`).join(', ');
  console.log(`  plain BatchWriteItem, same orders   ${floorRate.toFixed(0)} rows/s  (${floor.orders} orders; the fastest of ${runs})`);
  console.log(`  ratio BatchWriteItem / pipeline     ${(floorRate / pipelineRate).toFixed(2)}x`);
  const share = pipelineRate / floorRate;
  console.log(`  pipeline / BatchWriteItem           ${(share * 100).toFixed(0)} % (goal: at least 70 %) ${share >= 0.7 ? 'PASS' : 'FAIL'}`);
  const perK = (c: { self: number; children: number }) => `${((c.self * 1000) / large.rows).toFixed(1)} + ${((c.children * 1000) / large.rows).toFixed(1)} ms`;
  console.log(`  CPU a row (this process + DynamoDB Local): pipeline ${perK(large.cpu)}, BatchWriteItem ${perK(floor.cpu)}`);
  console.log(`  CPU ratio pipeline / BatchWriteItem   ${((large.cpu.self + large.cpu.children) / (floor.cpu.self + floor.cpu.children)).toFixed(2)}x`);
  console.log('worker memory, peak above the level before the import (live heap after GC, RSS):');
  console.log(`  ${String(small.rows).padStart(7)} rows  heap +${mb(small.memory.heapMb)}  RSS +${mb(small.memory.rssMb)}  (${(small.rows / small.seconds).toFixed(0)} rows/s)`);
  console.log(`  ${String(large.rows).padStart(7)} rows  heap +${mb(large.memory.heapMb)}  RSS +${mb(large.memory.rssMb)}`);
  const heapRatio = small.memory.heapMb > 0 ? `${(large.memory.heapMb / small.memory.heapMb).toFixed(2)}x` : 'n/a (no growth at the small size)';
  console.log(`  ratio large / small: rows ${(large.rows / small.rows).toFixed(1)}x, peak heap ${heapRatio}`);
}
