import { FUNCTION_SETTINGS } from '../infra/definitions.js';

/**
 * One-off backfills an operator runs against a deployed table after a release that adds an index or moves items
 * (docs/runbook.md "Backfills"): `TABLE_NAME=<table> EMAIL_LEDGER_TABLE_NAME=<ledger> AWS_REGION=<region> npm run
 * backfill -- <name>`. Each is idempotent and safe beside live traffic; the local cloud runs them itself on start.
 */

// The settings every function gets from the stack (functions/config.ts requires them), as the stack sets them: the
// operator names only the tables and the region.
for (const [name, value] of Object.entries(FUNCTION_SETTINGS)) process.env[name] ??= value;

const BACKFILLS = {
  'orders-by-status': async () => {
    const { backfillOrdersByStatus } = await import('../functions/data/backfills.js');
    const { found, updated } = await backfillOrdersByStatus((line) => console.log(line));
    console.log(`orders by status: ${found} order(s) without status keys, ${updated} indexed (the rest changed status meanwhile)`);
  },
  'order-search': async () => {
    const { backfillOrderSearch } = await import('../functions/data/backfills.js');
    const { found, updated } = await backfillOrderSearch((line) => console.log(line));
    console.log(`order search: ${found} order(s) without lower-case search copies, ${updated} written (the rest changed meanwhile)`);
  },
  'reward-members': async () => {
    const { backfillRewardMembers } = await import('../functions/data/backfills.js');
    const { found, moved } = await backfillRewardMembers((line) => console.log(line));
    console.log(`reward members: ${found} member item(s) of the old layout, ${moved} moved onto their customers`);
  },
  'email-ledger': async () => {
    const { backfillEmailLedger } = await import('../functions/data/backfills.js');
    const { found, moved } = await backfillEmailLedger((line) => console.log(line));
    console.log(`email ledger: ${found} email item(s) in the table, ${moved} copied into the ledger; the email workers send again`);
  },
  'customer-suppressions': async () => {
    const { backfillCustomerSuppressions } = await import('../functions/data/backfills.js');
    const { found, marked } = await backfillCustomerSuppressions((line) => console.log(line));
    console.log(`customer email status: ${found} suppression(s) in the ledger, ${marked} customer(s) marked with theirs`);
  },
} as const;

const chosen = process.argv[2];
if (!chosen || !(chosen in BACKFILLS)) {
  console.error(`usage: npm run backfill -- <${Object.keys(BACKFILLS).join(' | ')}>`);
  process.exit(2);
}
await BACKFILLS[chosen as keyof typeof BACKFILLS]();

