import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EPHEMERAL_PORTS, type LocalCloud, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * `npm run bench`: one local cloud (free ports, data in memory), then every `test/bench/*.bench.ts` in turn. A
 * bench module exports `default async function bench(): Promise<void>` and prints its own figures and ratios.
 * `npm run bench -- <name>` runs only the modules whose file name contains <name>. A module is handed the cloud (to
 * pause a queue's worker and read what a producer queued).
 *
 * `npm run bench -- --quick`: every bench on smaller inputs (QUICK, through the knobs each bench reads), the whole
 * run in a few minutes; a knob set in the environment wins. At the end, every line that carries a verdict again, by
 * bench, with the bench's wall time.
 */
const QUICK: Record<string, string> = {
  BENCH_QUICK: '1',
  API_BENCH_RUNS: '200',
  API_BENCH_WARMUP: '500',
  BUNDLE_BENCH_INIT_RUNS: '3',
  BUNDLE_BENCH_INIT_LARGEST: '3',
  CUSTOMER_SEARCH_BENCH_CUSTOMERS: '2000',
  CUSTOMER_SEARCH_BENCH_RUNS: '10',
  ORDERS_BENCH_ORDERS: '5000',
  ORDERS_BENCH_RUNS: '20',
  CSV_BENCH_ROWS: '1000',
  LABELS_BENCH_COUNT: '100',
  REWARDS_BENCH_PROGRAMS: '100',
  REWARDS_BENCH_EMAILS: '200',
  REWARDS_BENCH_ORDERS: '200',
  LIGHTHOUSE_RUNS: '1',
};

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'ERROR';
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
  // Benches measure the work: SES's production send rate (14/s, functions/config.ts) would measure the pacing. The
  // cloud loads its workers as it starts, so this is set before.
  process.env.EMAIL_SEND_RATE_PER_SECOND ??= '100000';
  // Likewise each seller's rate limit (20 calls a second): a bench's loop of calls would measure the 429s. The
  // bucket is still read and written as in production.
  process.env.SELLER_RATE_PER_SECOND ??= '100000';
  process.env.SELLER_RATE_BURST ??= '1000000';
  // The local cloud runs the label-batches queue's 5 workers in one process: it gets the account's whole carrier
  // rate (5 x the default 20 per worker), so the batch bench runs under the limit as deployed.
  process.env.CARRIER_PURCHASES_PER_SECOND ??= '100';
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  if (quick) for (const [k, v] of Object.entries(QUICK)) process.env[k] ??= v;
  const here = dirname(fileURLToPath(import.meta.url));
  const only = args.find((a) => !a.startsWith('--'));
  const modules = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  if (modules.length === 0) throw new Error(`No bench modules${only ? ` matching "${only}"` : ''} in ${here}`);

  const cloud = await startLocalCloud({ ports: EPHEMERAL_PORTS, serveWeb: false, seedDemo: false, log: () => {} });
  let failed = false;
  const summary: string[] = [];
  const started = performance.now();
  const log = console.log;
  try {
    for (const file of modules) {
      console.log(`\n== ${file}`);
      const verdicts: string[] = [];
      // The benches print their own figures; the lines with a verdict are kept for the summary.
      console.log = (...parts: unknown[]) => {
        const line = parts.map(String).join(' ');
        if (/\b(PASS|FAIL)\b/.test(line)) verdicts.push(line);
        log(...parts);
      };
      const t = performance.now();
      const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: (cloud: LocalCloud) => Promise<void> };
      try {
        await mod.default(cloud);
      } catch (err) {
        failed = true;
        console.error(`${file} failed:`, err);
        verdicts.push(`did not finish: FAIL (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
      } finally {
        console.log = log;
      }
      summary.push(`${file} (${((performance.now() - t) / 1000).toFixed(0)} s)`, ...verdicts.map((v) => `  ${v}`));
    }
  } finally {
    console.log = log;
    await cloud.stop();
  }
  console.log(`\n== summary${quick ? ' (quick)' : ''}: ${((performance.now() - started) / 1000).toFixed(0)} s, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const line of summary) console.log(line);
  if (failed) process.exitCode = 1;
}

await main();
