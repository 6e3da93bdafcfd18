import autocannon from 'autocannon';
import { EPHEMERAL_PORTS, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * `npm run load`: a bounded load test of the main read and write calls against a local cloud on 127.0.0.1 (free
 * ports, data in memory). One seller with the demo data; LOAD_CONNECTIONS (default 200) connections for
 * LOAD_SECONDS (default 60) cycle through the calls below. Prints req/s, p50, p99 and errors per run and exits
 * non-zero on any error (a non-2xx answer, a timeout or a refused connection). Figures: docs/performance.md.
 */
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const TIMEOUT_SECONDS = 30;
const SETTLE_MS = 5_000;

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
    const seller = await createTestSeller({ plan: 'growth' });
    await seedDemo({ sellerId: seller.sellerId });
    const someCustomer = (await seller.api('GET', '/customers/list')).json.customers[0].customerID as string;

    const url = new URL(cloud.endpoints.apiUrl);
    if (url.hostname !== '127.0.0.1') throw new Error(`load goes only to 127.0.0.1, not ${url.hostname}`);
    const headers = { authorization: `Bearer ${seller.idToken}`, 'content-type': 'application/json' };
    let n = 0;
    const api = url.pathname;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: `${api}/customers/list`, headers },
      { method: 'GET', path: `${api}/orders/list`, headers },
      { method: 'GET', path: `${api}/customers/search?q=an`, headers },
      { method: 'GET', path: `${api}/consultant/dashboard`, headers },
      { method: 'GET', path: `${api}/customers/get?id=${someCustomer}`, headers },
      {
        method: 'POST',
        path: `${api}/customers/save`,
        headers,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ firstName: 'Load', lastName: `Tester${n++}`, email: `load${n}@example.com` }) }),
      },
      {
        method: 'POST',
        path: `${api}/orders/save`,
        headers,
        body: JSON.stringify({ customerId: someCustomer, items: [{ name: 'Mug', price: 12.5, quantity: 2 }], shipping: 4, tax: 1 }),
      },
    ];

    console.log(`load: ${CONNECTIONS} connections for ${SECONDS} s over ${requests.length} calls (5 reads, 2 writes), 127.0.0.1 only`);
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
