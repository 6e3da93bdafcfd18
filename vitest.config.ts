import { defineConfig } from 'vitest/config';
import { FUNCTION_SETTINGS } from './infra/definitions.js';

/**
 * Test files in test/ that belong to `unit`: they need no emulator and run in a few seconds (pure rules, the CSV
 * formats against their fixtures, the web app's helpers, adapters against in-process loopback fakes of third
 * parties). A file that calls a handler, the API, the table, a queue or a bucket, reads the local cloud's
 * endpoints from process.env or starts a cloud of its own is `integration`, and so is the CDK stack test: it needs
 * no emulator, but synthesizing the stack takes half a minute on a busy machine.
 */
const UNIT_IN_TEST = [
  'test/adapters/provider-secrets.test.ts',
  'test/billing/billing-choices.test.ts',
  'test/billing/billing-form-schema.test.ts',
  'test/billing/plaid-link.test.ts',
  'test/billing/sandbox-bank.test.ts',
  'test/events/samples.test.ts',
  'test/imports/formats*.test.ts',
  'test/imports/order-format-labels.test.ts',
  'test/integrations/status.test.ts',
  'test/integrations/sync-outcome.test.ts',
  'test/local/api-event.test.ts',
  'test/local/gateway-handlers.test.ts',
  'test/local/routes-script.test.ts',
  'test/platforms/*.test.ts',
  'test/shipping/easypost.test.ts',
  'test/web/*.test.ts',
];

/**
 * functions/config.ts validates the function environment when it loads, and unit tests import modules that load
 * it without reaching AWS: they get a complete environment whose endpoints are a closed local port, so a unit
 * test that strays to the table, a queue or a bucket fails at once instead of finding a cloud.
 */
const NO_CLOUD = 'http://127.0.0.1:9';
const UNIT_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'unit',
  AWS_SECRET_ACCESS_KEY: 'unit',
  TABLE_NAME: 'no-table-in-unit-tests',
  EMAIL_LEDGER_TABLE_NAME: 'no-ledger-in-unit-tests',
  AWS_ENDPOINT_URL_DYNAMODB: NO_CLOUD,
  AWS_ENDPOINT_URL_S3: NO_CLOUD,
  AWS_ENDPOINT_URL_SQS: NO_CLOUD,
  AWS_ENDPOINT_URL_SESV2: NO_CLOUD,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: NO_CLOUD,
  LOG_LEVEL: 'WARN',
  POWERTOOLS_METRICS_DISABLED: 'true',
  ...FUNCTION_SETTINGS,
};

/**
 * `npm test` runs both projects; `npm run test:unit` only `unit`, which starts no emulator and runs in seconds.
 * Tests colocated with the code (shared/, functions/, web/) are unit tests by rule: a rule that needs the table
 * is tested from test/.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          env: UNIT_ENV,
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'web/**/*.test.{ts,tsx}', ...UNIT_IN_TEST],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          // The browser tests have their own config (vitest.e2e.config.ts).
          exclude: ['test/e2e/**', 'node_modules/**', ...UNIT_IN_TEST],
          // One local cloud for the run; files that need a cloud of their own (event sources, persistence) start it.
          globalSetup: ['test/setup/local-cloud.ts'],
        },
      },
    ],
  },
});
