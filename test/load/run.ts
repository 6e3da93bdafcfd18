import autocannon from 'autocannon';
import { EPHEMERAL_PORTS, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * `npm run load`: a bounded load test of the main read and write calls against a local cloud on 127.0.0.1 (free
 * ports, data in memory). LOAD_CONNECTIONS (default 200) connections for LOAD_SECONDS (default 60) cycle through
 * the calls below, each connection for one of LOAD_SELLERS (default 40) sellers with the demo data. Prints req/s,
 * p50, p99 and errors and exits non-zero on any error (a non-2xx answer, a timeout or a refused connection). Figures: docs/performance.md.
 */
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TIMEOUT_SECONDS = 30;
const SETTLE_MS = 5_000;
/** Sellers the connections speak for: enough that none passes its rate limit (20 calls a second). */
const SELLERS = Number(process.env.LOAD_SELLERS ?? 40);

interface Loaded {
  headers: Record<string, string>;
  customerId: string;
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'ERROR';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  const cloud = await startLocalCloud({ ports: EPHEMERAL_PORTS, serveWeb: false, seedDemo: false, log: () => {} });
  try {
    Object.assign(process.env, {
      TEST_API_URL: cloud.endpoints.apiUrl,
      TEST_COGNITO_ENDPOINT: cloud.endpoints.cognito.endpoint,
      TEST_USER_POOL_ID: cloud.endpoints.cognito.userPoolId,
      TEST_CLIENT_ID: cloud.endpoints.cognito.clientId,
    });
    const { createTestSeller } = await import('../support/sellers.js');
    const { seedDemo } = await import('../../infra/local/seed.js');
    // Traffic comes from many sellers, as in production: each seller stays under its own rate limit.
    const sellers: Loaded[] = [];
    for (let i = 0; i < SELLERS; i += 4) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(4, SELLERS - i) }, async () => {
          const seller = await createTestSeller({ plan: 'growth' });
          await seedDemo({ sellerId: seller.sellerId });
          const customerId = (await seller.api('GET', '/customers/list')).json.customers[0].customerID as string;
          return { headers: { authorization: `Bearer ${seller.idToken}`, 'content-type': 'application/json' }, customerId };
        }),
      );
      sellers.push(...batch);
    }

    const url = new URL(cloud.endpoints.apiUrl);
    if (url.hostname !== '127.0.0.1') throw new Error(`load goes only to 127.0.0.1, not ${url.hostname}`);
    let connection = 0;
    let n = 0;
    const api = url.pathname;
    /** Each connection speaks for one seller, chosen on its first request. */
    const as = (make: (s: Loaded) => Partial<autocannon.Request>): autocannon.Request => ({
      setupRequest: (req, context) => {
        const ctx = context as { seller?: Loaded };
        ctx.seller ??= sellers[connection++ % sellers.length]!;
        const seller = ctx.seller;
        // A copy: autocannon writes content-length into the headers of a request with a body.
        return { ...req, headers: { ...seller.headers }, ...make(seller) } as autocannon.Request;
      },
    });
    const requests: autocannon.Request[] = [
      as(() => ({ method: 'GET', path: `${api}/customers/list` })),
      as(() => ({ method: 'GET', path: `${api}/orders/list` })),
      as(() => ({ method: 'GET', path: `${api}/customers/search?q=an` })),
      as(() => ({ method: 'GET', path: `${api}/consultant/dashboard` })),
      as((s) => ({ method: 'GET', path: `${api}/customers/get?id=${s.customerId}` })),
      as(() => ({ method: 'POST', path: `${api}/customers/save`, body: JSON.stringify({ firstName: 'Load', lastName: `Tester${n++}`, email: `load${n}@example.com` }) })),
      as((s) => ({
        method: 'POST',
        path: `${api}/orders/save`,
        body: JSON.stringify({ customerId: s.customerId, items: [{ name: 'Mug', price: 12.5, quantity: 2 }], shipping: 4, tax: 1 }),
      })),
    ];

    console.log(`load: ${CONNECTIONS} connections of ${SELLERS} sellers for ${SECONDS} s over ${requests.length} calls (5 reads, 2 writes), 127.0.0.1 only`);
    const result = await autocannon({
      url: `${url.protocol}//${url.host}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      requests,
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      [
        `requests  ${result.requests.total} (${result.requests.average.toFixed(0)} req/s average)`,
        `latency   p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `errors    ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`,
      ].join('\n'),
    );
    if (errors > 0) process.exitCode = 1;
    // autocannon stops at the deadline without waiting for answers in flight; let them finish before the
    // emulators go away, so their handlers do not log connection errors that are not the product's.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  } finally {
    await cloud.stop();
  }
}

await main();
