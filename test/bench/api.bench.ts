import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { cpuDuring, percentile } from './timing.js';
import { benchSeller } from './bench-seller.js';

/**
 * Issue 18: a warm `GET /api/customers/get` through the local gateway (auth, the seller's rate limit, validation,
 * the repository) beside a raw GetItem of the same customer item, RUNS times each after a warm-up, taking turns.
 * Goals: p50 at most 1.5x the raw GetItem's, p99 at most 2x.
 * Then the steps of that call, each timed alone in this process (the local cloud runs the handlers here): what
 * httpHandler's middlewares do, the action, the handler invoked directly, and what the gateway adds to it.
 */
const RUNS = Number(process.env.API_BENCH_RUNS ?? (process.env.BENCH_QUICK ? 300 : 1000));
const P50_GOAL = 1.5;
const P99_GOAL = 2;
/** The route and the raw GetItem take turns in this many blocks, so neither is measured while the other warms up. */
const ROUNDS = 10;
/**
 * "Warm": DynamoDB Local is a JVM whose compiler warms over thousands of requests of each kind (its CPU a call of the
 * route fell from 5.7 to 2.0 ms between 200 and 3,000 calls of warm-up here), as AWS's service needs no warm-up.
 */
const WARM_UP = Number(process.env.API_BENCH_WARMUP ?? 2000);

/**
 * The route and the raw GetItem, each WARM_UP times and then RUNS times in ROUNDS blocks taking turns (the first
 * one first in even rounds, second in odd), so the JIT, the caches and the machine's load are the same for both.
 */
async function takingTurns(route: () => Promise<unknown>, raw: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) {
    await route();
    await raw();
  }
  const sides = [
    { fn: route, ms: [] as number[], cpu: { self: 0, children: 0 } },
    { fn: raw, ms: [] as number[], cpu: { self: 0, children: 0 } },
  ];
  const perRound = Math.ceil(RUNS / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const { cpu } = await cpuDuring(async () => {
        for (let i = 0; i < perRound; i++) {
          const t = performance.now();
          await side.fn();
          side.ms.push(performance.now() - t);
        }
      });
      side.cpu.self += cpu.self;
      side.cpu.children += cpu.children;
    }
  }
  return { route: sides[0]!.ms, floor: sides[1]!.ms, routeCpu: sides[0]!.cpu, floorCpu: sides[1]!.cpu };
}

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
  const seller = await benchSeller(cloud);
  const created = await seller.api('POST', '/customers/save', {
    body: { firstName: 'Bench', lastName: 'Customer', email: 'bench.customer@customers.test' },
  });
  if (created.status !== 200) throw new Error(`creating the customer answered ${created.status}: ${JSON.stringify(created.json)}`);
  const customerId = (created.json as { customerID: string }).customerID;

  // The item the route reads, its key from the entity itself rather than rebuilt by hand.
  const { customerEntity } = await import('../../functions/data/entities.js');
  const { Key } = customerEntity().get({ sellerId: seller.sellerId, customerId }).params<{ Key: Record<string, string> }>();
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: cloud.endpoints.dynamodb, region: 'us-east-1' }));
  const raw = () => ddb.send(new GetCommand({ TableName: cloud.resources.tableName, Key }));
  const found = await raw();
  if (!found.Item) throw new Error('the raw GetItem found no customer item: the bench would compare with nothing');

  // The route is called over node:http with a keep-alive agent: the transport the raw GetItem's SDK client uses
  // (NodeHttpHandler, keepAlive), so the two sides differ by the route's work and not by their HTTP clients (fetch's
  // undici client costs about 0.6 ms a call more here).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${cloud.endpoints.apiUrl}/customers/get?id=${encodeURIComponent(customerId)}`);
  const headers = { authorization: `Bearer ${seller.idToken}` };
  const api = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, agent, headers }, (res) => {
        res.resume();
        res.on('error', reject);
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`GET /api/customers/get answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  // CPU a call beside the times: this process (the bench's client, the gateway, the handler, the SDK) and its
  // children (DynamoDB Local), the figure a loaded machine disturbs least.
  const { route, floor, routeCpu, floorCpu } = await takingTurns(api, raw);
  const perCall = (cpu: { self: number; children: number }) => ({ self: (cpu.self * 1000) / route.length, children: (cpu.children * 1000) / route.length });
  const p50 = percentile(route, 0.5) / percentile(floor, 0.5);
  const p99 = percentile(route, 0.99) / percentile(floor, 0.99);
  console.log(`raw GetItem p50 ${percentile(floor, 0.5).toFixed(2)} ms, p99 ${percentile(floor, 0.99).toFixed(2)} ms (${RUNS} runs)`);
  console.log(`GET /api/customers/get p50 ${percentile(route, 0.5).toFixed(2)} ms, p99 ${percentile(route, 0.99).toFixed(2)} ms`);
  const [rc, fc] = [perCall(routeCpu), perCall(floorCpu)];
  console.log(
    `CPU a call (this process + DynamoDB Local): the route ${rc.self.toFixed(2)} + ${rc.children.toFixed(2)} ms, raw GetItem ${fc.self.toFixed(2)} + ${fc.children.toFixed(2)} ms (${((rc.self + rc.children) / (fc.self + fc.children)).toFixed(1)}x), load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`p50 ${p50.toFixed(2)}x the raw GetItem (goal <= ${P50_GOAL}) ${p50 <= P50_GOAL ? 'PASS' : 'FAIL'}`);
  console.log(`p99 ${p99.toFixed(2)}x the raw GetItem (goal <= ${P99_GOAL}) ${p99 <= P99_GOAL ? 'PASS' : 'FAIL'}`);

  // The same modules the gateway's handler uses (one module graph in this process), so their caches are warm too.
  const { authenticate } = await import('../../functions/http/auth.js');
  const { admitCall } = await import('../../functions/sellers/rate-limit.js');
  const { sellerFor } = await import('../../functions/sellers/profile.js');
  const { validate } = await import('../../functions/http/validate.js');
  const { customerOf, getCustomerView } = await import('../../functions/customers/customers.js');
  const { handler } = await import('../../functions/http/customers.js');
  const { routeIn } = await import('../../shared/api/routes/define.js');
  const { customersRoutes } = await import('../../shared/api/routes/customers.js');
  const getRoute = routeIn(customersRoutes, 'customers.get');
  const authorization = `Bearer ${seller.idToken}`;
  const event = {
    version: '2.0',
    routeKey: `GET ${getRoute.path}`,
    rawPath: getRoute.path,
    rawQueryString: `id=${customerId}`,
    headers: { authorization },
    queryStringParameters: { id: customerId },
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: getRoute.path }, requestId: 'bench' },
  } as unknown as Parameters<typeof handler>[0];
  const view = await getCustomerView(seller.sellerId, customerId);
  const steps: [string, () => unknown][] = [
    ['authenticate (a token verified once a container, until it expires; the account check cached 60 s)', () => authenticate(authorization)],
    ["the seller's rate limit (a leased token; a bucket call one call in 5)", () => admitCall(seller.sellerId)],
    ["the seller's profile (one item: the plan gate's read, made once a container for a seller who holds a plan)", () => sellerFor({ sellerId: seller.sellerId })],
    ['validation of the query', () => validate(getRoute.query, { id: customerId })],
    ['the customer item (the item the floor reads, formatted by ElectroDB)', () => customerOf(seller.sellerId, customerId)],
    ['the action: the customer, its email status on the item (no ledger read)', () => getCustomerView(seller.sellerId, customerId)],
    ['the answer serialised', () => JSON.stringify(view)],
    [
      "a container's first call of a seller: the profile and the action side by side (readsOnly: one BatchGet reads both)",
      () => Promise.all([sellerFor({ sellerId: seller.sellerId }), getCustomerView(seller.sellerId, customerId)]),
    ],
    ['httpHandler invoked directly (all of the above, middy, logger, metrics)', () => handler(event)],
  ];
  const p50s: number[] = [];
  console.log(`the steps of one call, each alone, p50 / p99 (${RUNS} runs each; raw GetItem p50 ${percentile(floor, 0.5).toFixed(2)} ms):`);
  for (const [name, fn] of steps) {
    const ms = await samples(async () => fn());
    p50s.push(percentile(ms, 0.5));
    console.log(`  ${name}: ${percentile(ms, 0.5).toFixed(2)} / ${percentile(ms, 0.99).toFixed(2)} ms`);
  }
  const direct = p50s.at(-1)!;
  // A warm call of a seller known to hold a plan makes the action's read alone (the gate reads nothing).
  const parts = p50s[0]! + p50s[1]! + p50s[3]! + p50s[5]! + p50s[6]!;
  console.log(`  httpHandler's own work beyond its steps (middy, logger, correlation, metrics): ${(direct - parts).toFixed(2)} ms`);
  console.log(`  the local gateway and HTTP (the route's p50 less the direct call's): ${(percentile(route, 0.5) - direct).toFixed(2)} ms`);
}
