import path from 'node:path';
import { build, type Metafile } from 'esbuild';
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
  /**
   * ElectroDB's model check (jsonschema) is left out of the bundles: the tests run it on every model, unbundled,
   * and it cost each cold start about 100 ms (functions/data/model-check-skipped.ts). Relative to the repository
   * root, where esbuild runs for the stack and for the measures.
   */
  alias: { jsonschema: './functions/data/model-check-skipped.ts' },
} as const;

/** The repository root, esbuild's working directory: FUNCTION_BUNDLE's alias paths are relative to it. */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every function the stack deploys, by the file its handler is in: one per call group, queue worker and schedule. */
export function functionEntries(): { name: string; entry: string }[] {
  return [
    ...CALL_GROUPS.map((group) => ({ name: `http ${group}`, entry: `functions/http/${group}.ts` })),
    ...Object.values(QUEUES).map((q) => ({ name: `worker ${q.worker}`, entry: `functions/jobs/${q.worker}.ts` })),
    ...Object.values(SCHEDULES).map((s) => ({ name: `job ${s.job}`, entry: `functions/jobs/${s.job}.ts` })),
  ];
}

/** FUNCTION_BUNDLE as esbuild's build() takes it. */
const buildOptions = () => ({
  bundle: true,
  logLevel: 'error' as const,
  absWorkingDir: ROOT,
  ...FUNCTION_BUNDLE,
  mainFields: [...FUNCTION_BUNDLE.mainFields],
  banner: { js: FUNCTION_BUNDLE.banner },
});

/**
 * Bundles one entry as the stack deploys it, for the measures of what is deployed (the bundle bench, `npm run
 * sizes`); returns esbuild's metafile (what went into the bundle).
 */
export async function bundleAsDeployed(entry: string, outfile: string): Promise<Metafile> {
  const { metafile } = await build({ ...buildOptions(), entryPoints: [path.resolve(entry)], outfile: path.resolve(outfile), metafile: true });
  return metafile;
}

/**
 * Bundles several entries as the stack deploys them, in one esbuild run (each its own bundle, as bundled alone:
 * no code splitting; the shared modules parsed once), into `outdir` as `<out>.mjs`. The bundle bench's quick run.
 */
export async function bundleEachAsDeployed(entries: readonly { entry: string; out: string }[], outdir: string): Promise<void> {
  await build({
    ...buildOptions(),
    entryPoints: entries.map(({ entry, out }) => ({ in: path.resolve(entry), out })),
    outdir: path.resolve(outdir),
    outExtension: { '.js': '.mjs' },
  });
}
