import { build } from 'esbuild';
import { CALL_GROUPS } from '../../shared/api/route.js';
import { QUEUES, SCHEDULES } from '../definitions.js';

/**
 * How every function is bundled, in esbuild's own terms: the CDK stack (function-defaults.ts) and the bundle bench
 * (test/bench/bundles.bench.ts) read this one object, so the bench measures exactly what is deployed.
 */
export const FUNCTION_BUNDLE = {
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  treeShaking: true,
  // ESM packages first: their exports can be tree-shaken.
  mainFields: ['module', 'main'],
  // The banner gives CommonJS dependencies a `require`.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
} as const;

/** Every function the stack deploys, by the file its handler is in: one per call group, queue worker and schedule. */
export function functionEntries(): { name: string; entry: string }[] {
  return [
    ...CALL_GROUPS.map((group) => ({ name: `http ${group}`, entry: `functions/http/${group}.ts` })),
    ...Object.values(QUEUES).map((q) => ({ name: `worker ${q.worker}`, entry: `functions/jobs/${q.worker}.ts` })),
    ...Object.values(SCHEDULES).map((s) => ({ name: `job ${s.job}`, entry: `functions/jobs/${s.job}.ts` })),
  ];
}

/** Bundles one entry as the stack deploys it, for the measures of what is deployed (the bundle bench, `npm run sizes`). */
export async function bundleAsDeployed(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    logLevel: 'error',
    ...FUNCTION_BUNDLE,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: { js: FUNCTION_BUNDLE.banner },
  });
}

/**
 * Bundles several entries as the stack deploys them, in one esbuild run (each its own bundle, as bundled alone:
 * no code splitting; the shared modules parsed once), into `outdir` as `<out>.mjs`. The bundle bench's quick run.
 */
export async function bundleEachAsDeployed(entries: readonly { entry: string; out: string }[], outdir: string): Promise<void> {
  await build({
    entryPoints: entries.map(({ entry, out }) => ({ in: entry, out })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    logLevel: 'error',
    ...FUNCTION_BUNDLE,
    mainFields: [...FUNCTION_BUNDLE.mainFields],
    banner: { js: FUNCTION_BUNDLE.banner },
  });
}
