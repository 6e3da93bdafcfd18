import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: browser tests against the local cloud with the web app and the demo seller. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    pool: 'forks',
    // One browser, one cloud: test files run one after another.
    fileParallelism: false,
    maxWorkers: 1,
    globalSetup: ['test/e2e/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
