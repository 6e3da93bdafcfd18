import type { TestProject } from 'vitest/node';
import { EPHEMERAL_PORTS, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * vitest global setup: one local cloud for the run (ephemeral ports, DynamoDB in memory, no web, no demo), its
 * function environment (docs/CONTRACTS.md) plus TEST_* set on process.env so the forked workers inherit them.
 * Handlers behind TEST_API_URL and the queue workers run in this (the main) process.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL ??= 'WARN';
  const cloud = await startLocalCloud({
    ports: EPHEMERAL_PORTS,
    serveWeb: false,
    seedDemo: false,
    log: (m) => console.error(`[local-cloud] ${m}`),
  });
  Object.assign(process.env, cloud.env, {
    TEST_API_URL: cloud.endpoints.apiUrl,
    TEST_WEB_URL: cloud.endpoints.webUrl,
    TEST_COGNITO_ENDPOINT: cloud.endpoints.cognito.endpoint,
    TEST_USER_POOL_ID: cloud.endpoints.cognito.userPoolId,
    TEST_CLIENT_ID: cloud.endpoints.cognito.clientId,
    TEST_COGNITO_DIR: cloud.endpoints.cognito.dir,
    TEST_SES_ENDPOINT: cloud.endpoints.ses,
  });
  return () => cloud.stop();
}
