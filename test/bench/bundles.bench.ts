import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleAsDeployed, bundleEachAsDeployed, functionEntries } from '../../infra/aws/bundling.js';
import { FUNCTION_SETTINGS } from '../../infra/definitions.js';

/**
 * Issue 18: every function's bundle beside the floor, a bare handler making one DynamoDB GetItem with the same SDK,
 * bundled the same way (infra/aws/bundling.ts) in the same run; and the module init of each bundle in a fresh Node
 * process (the cold start's share that grows with the bundle), median of INIT_RUNS.
 * Goals: bundle at most 1.5x the bare handler's, init at most 1.3x.
 * Scale: BUNDLE_BENCH_INIT_RUNS (default 7 fresh processes a bundle), BUNDLE_BENCH_INIT_LARGEST (default every
 * bundle: the init timed only for the N largest, which are the ones that can miss the goal first; every bundle's
 * size is still printed and held to its goal).
 */
const SIZE_GOAL = 1.5;
const INIT_GOAL = 1.3;
const INIT_RUNS = Number(process.env.BUNDLE_BENCH_INIT_RUNS ?? 7);
const INIT_LARGEST = process.env.BUNDLE_BENCH_INIT_LARGEST ? Number(process.env.BUNDLE_BENCH_INIT_LARGEST) : Number.POSITIVE_INFINITY;

const BARE_GETITEM = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => (await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'a', sk: 'b' } }))).Item ?? null;
`;
const EMPTY = 'export const handler = async () => ({});';

async function bundle(entry: string, outfile: string): Promise<number> {
  await bundleAsDeployed(entry, outfile);
  return statSync(outfile).size;
}

/** Wall time of a fresh Node process that imports the bundle (and does nothing else), median of INIT_RUNS. */
function initMs(file: string): number {
  const env = {
    ...process.env,
    ...FUNCTION_SETTINGS,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    TABLE_NAME: 'bench',
    EMAIL_LEDGER_TABLE_NAME: 'bench-email-ledger',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
  const times: number[] = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    const t = performance.now();
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(file)})`], { env });
    if (run.status !== 0) throw new Error(`importing ${file} failed: ${run.stderr.toString().slice(0, 500)}`);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
  try {
    const emptySrc = join(dir, 'empty.ts');
    writeFileSync(emptySrc, EMPTY);
    // The bare handler resolves the SDK from the project's node_modules, as the functions do.
    const floorSrcInRepo = resolve('test/bench/.bare-getitem.ts');
    writeFileSync(floorSrcInRepo, BARE_GETITEM);
    let floorSize: number;
    try {
      floorSize = await bundle(floorSrcInRepo, join(dir, 'bare.mjs'));
    } finally {
      rmSync(floorSrcInRepo, { force: true });
    }
    await bundle(emptySrc, join(dir, 'empty.mjs'));
    const floorInit = initMs(join(dir, 'bare.mjs'));
    const emptyInit = initMs(join(dir, 'empty.mjs'));
    console.log(`floor: bare GetItem handler ${kb(floorSize)}, init ${floorInit.toFixed(0)} ms (empty handler ${emptyInit.toFixed(0)} ms), median of ${INIT_RUNS}`);
    console.log('function | bundle | x floor (goal <= 1.5) | init ms | x floor (goal <= 1.3)');
    const entries = functionEntries();
    // All in one esbuild run: each bundle as bundled alone (no splitting), the shared modules parsed once.
    const named = entries.map(({ name, entry }) => ({ name, entry, out: name.replace(/\W+/g, '-') }));
    await bundleEachAsDeployed(named, dir);
    const built = named.map(({ name, out }) => ({ name, out: join(dir, `${out}.mjs`), size: statSync(join(dir, `${out}.mjs`)).size }));
    const timed = new Set([...built].sort((a, b) => b.size - a.size).slice(0, INIT_LARGEST).map((b) => b.name));
    let sizeMet = 0;
    let initMet = 0;
    for (const { name, out, size } of built) {
      const sizeRatio = size / floorSize;
      if (sizeRatio <= SIZE_GOAL) sizeMet++;
      if (!timed.has(name)) {
        console.log(`${name} | ${kb(size)} | ${sizeRatio.toFixed(2)}x ${verdict(sizeRatio <= SIZE_GOAL)} | not timed | -`);
        continue;
      }
      const init = initMs(out);
      const initRatio = init / floorInit;
      if (initRatio <= INIT_GOAL) initMet++;
      console.log(
        `${name} | ${kb(size)} | ${sizeRatio.toFixed(2)}x ${verdict(sizeRatio <= SIZE_GOAL)} | ${init.toFixed(0)} | ${initRatio.toFixed(2)}x ${verdict(initRatio <= INIT_GOAL)}`,
      );
    }
    const initOf = timed.size === entries.length ? `${entries.length}` : `${timed.size} timed (the largest) of ${entries.length}`;
    console.log(
      `bundles within ${SIZE_GOAL}x the floor: ${sizeMet}/${entries.length} ${verdict(sizeMet === entries.length)}; init within ${INIT_GOAL}x: ${initMet}/${initOf} ${verdict(initMet === timed.size)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
