import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { percentile } from './timing.js';

/**
 * Issue 18: a warm `GET /api/customers/get` through the local gateway (auth, the seller's rate limit, validation,
 * the repository) beside a raw GetItem of the same customer item, one after another, RUNS times each after a warm-up.
 * Goals: p50 at most 1.5x the raw GetItem's, p99 at most 2x.
 */
const RUNS = Number(process.env.API_BENCH_RUNS ?? (process.env.BENCH_QUICK ? 300 : 1000));
const P50_GOAL = 1.5;
const P99_GOAL = 2;

async function samples(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 50; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

export default async function bench(cloud: LocalCloud): Promise<void> {
  process.env.TEST_API_URL = cloud.endpoints.apiUrl;
  process.env.TEST_COGNITO_ENDPOINT = cloud.endpoints.cognito.endpoint;
  process.env.TEST_USER_POOL_ID = cloud.resources.userPoolId;
  process.env.TEST_CLIENT_ID = cloud.resources.clientId;
  const { createTestSeller } = await import('../support/sellers.js');
  const seller = await createTestSeller({ plan: 'growth' });
  const created = await seller.api('POST', '/customers/save', {
    body: { firstName: 'Bench', lastName: 'Customer', email: 'bench.customer@customers.test' },
  });
  if (created.status !== 200) throw new Error(`creating the customer answered ${created.status}: ${JSON.stringify(created.json)}`);
  const customerId = (created.json as { customerID: string }).customerID;

  // The item the route reads, its key from the entity itself rather than rebuilt by hand.
  const { customerEntity } = await import('../../functions/data/entities.js');
  const { Key } = customerEntity.get({ sellerId: seller.sellerId, customerId }).params<{ Key: Record<string, string> }>();
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: cloud.endpoints.dynamodb, region: 'us-east-1' }));
  const raw = () => ddb.send(new GetCommand({ TableName: cloud.resources.tableName, Key }));
  const found = await raw();
  if (!found.Item) throw new Error('the raw GetItem found no customer item: the bench would compare with nothing');

  const api = () =>
    seller.api('GET', '/customers/get', { query: { id: customerId } }).then((r) => {
      if (r.status !== 200) throw new Error(`GET /api/customers/get answered ${r.status}`);
    });
  const route = await samples(api);
  const floor = await samples(raw);
  const p50 = percentile(route, 0.5) / percentile(floor, 0.5);
  const p99 = percentile(route, 0.99) / percentile(floor, 0.99);
  console.log(`raw GetItem p50 ${percentile(floor, 0.5).toFixed(2)} ms, p99 ${percentile(floor, 0.99).toFixed(2)} ms (${RUNS} runs)`);
  console.log(`GET /api/customers/get p50 ${percentile(route, 0.5).toFixed(2)} ms, p99 ${percentile(route, 0.99).toFixed(2)} ms`);
  console.log(`p50 ${p50.toFixed(2)}x the raw GetItem (goal <= ${P50_GOAL}) ${p50 <= P50_GOAL ? 'PASS' : 'FAIL'}`);
  console.log(`p99 ${p99.toFixed(2)}x the raw GetItem (goal <= ${P99_GOAL}) ${p99 <= P99_GOAL ? 'PASS' : 'FAIL'}`);
}
