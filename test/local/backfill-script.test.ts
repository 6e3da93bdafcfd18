import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The operator's command (docs/runbook.md "Backfills"), run as the runbook says: only the tables, the region and
 * credentials in its environment (here also the local cloud's DynamoDB endpoint, which AWS does not need).
 */
function backfill(name: string) {
  const env = {
    PATH: process.env.PATH!,
    TABLE_NAME: process.env.TABLE_NAME!,
    EMAIL_LEDGER_TABLE_NAME: process.env.EMAIL_LEDGER_TABLE_NAME!,
    AWS_REGION: process.env.AWS_REGION!,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID!,
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY!,
    AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
  };
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backfill.ts', name], { env, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run backfill', () => {
  it('runs the email-ledger backfill with nothing but the tables and the region named: the local ledger is already marked', () => {
    const run = backfill('email-ledger');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('email ledger: 0 email item(s) in the table, 0 copied into the ledger');
  });

  it('runs the customer-suppressions backfill the same way: it reads the ledger and says what it marked', () => {
    const run = backfill('customer-suppressions');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/customer email status: \d+ suppression\(s\) in the ledger, \d+ customer\(s\) marked with theirs/);
  });

  it('runs the order-search backfill the same way and says what it wrote', () => {
    const run = backfill('order-search');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/order search: \d+ order\(s\) without lower-case search copies, \d+ written/);
  });

  it('names the backfills when asked for one it does not have', () => {
    const run = backfill('no-such-backfill');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run backfill -- <orders-by-status | order-search | reward-members | email-ledger | customer-suppressions>');
  });
});
