import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EPHEMERAL_PORTS, type LocalCloud, startLocalCloud } from '../../infra/local/cloud.js';

/**
 * `npm run bench`: one local cloud (free ports, data in memory), then every `test/bench/*.bench.ts` in turn. A
 * bench module exports `default async function bench(): Promise<void>` and prints its own figures and ratios.
 * `npm run bench -- <name>` runs only the modules whose file name contains <name>. A module is handed the cloud (to
 * pause a queue's worker and read what a producer queued).
 */
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
  const here = dirname(fileURLToPath(import.meta.url));
  const only = process.argv[2];
  const modules = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
    .sort();
  if (modules.length === 0) throw new Error(`No bench modules${only ? ` matching "${only}"` : ''} in ${here}`);

  const cloud = await startLocalCloud({ ports: EPHEMERAL_PORTS, serveWeb: false, seedDemo: false, log: () => {} });
  let failed = false;
  try {
    for (const file of modules) {
      console.log(`\n== ${file}`);
      const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: (cloud: LocalCloud) => Promise<void> };
      try {
        await mod.default(cloud);
      } catch (err) {
        failed = true;
        console.error(`${file} failed:`, err);
      }
    }
  } finally {
    await cloud.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
