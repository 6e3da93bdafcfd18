import type { TestProject } from 'vitest/node';
import { EPHEMERAL_PORTS, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * Global setup of the browser tests: one local cloud on free ports, serving the SPA (Vite middleware) with the
 * demo seller seeded, data in memory. The forked test workers read where it is from the environment.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL ??= 'WARN';
  // The handlers run in this process: their EMF metric lines would bury the test output.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
  const cloud = await startLocalCloud({
    ports: EPHEMERAL_PORTS,
    serveWeb: true,
    seedDemo: true,
    log: (m) => console.error(`[local-cloud] ${m}`),
  });
  Object.assign(process.env, {
    E2E_WEB_URL: cloud.endpoints.webUrl,
    E2E_DEMO_EMAIL: cloud.endpoints.demo.email,
    E2E_DEMO_PASSWORD: cloud.endpoints.demo.password,
    // For test/support/sellers.ts: tests that need a seller other than the demo one create it.
    TEST_API_URL: cloud.endpoints.apiUrl,
    TEST_COGNITO_ENDPOINT: cloud.endpoints.cognito.endpoint,
    TEST_USER_POOL_ID: cloud.endpoints.cognito.userPoolId,
    TEST_CLIENT_ID: cloud.endpoints.cognito.clientId,
    TEST_COGNITO_DIR: cloud.endpoints.cognito.dir,
  });
  // Warm Vite up (dependency optimisation, first transform) so the first test does not pay for it.
  await fetch(`${cloud.endpoints.webUrl}/login`).then((r) => r.text());
  return () => cloud.stop();
}
