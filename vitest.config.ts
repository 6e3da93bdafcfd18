import { defineConfig } from 'vitest/config';

/** `npm test`: unit, contract, integration and stack tests. The global setup starts the local cloud once. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'shared/**/*.test.ts', 'functions/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    pool: 'forks',
    globalSetup: ['test/setup/local-cloud.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
