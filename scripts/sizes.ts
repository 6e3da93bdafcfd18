import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleAsDeployed, functionEntries } from '../infra/aws/bundling.js';

/**
 * `npm run sizes` (issue 18): the bundle of every function and the web app's first-page weight.
 *
 * Functions: from `cdk.out` when it holds a synthesized stack (`npm run synth`) and `--synth` is given, else bundled
 * here with the stack's own esbuild settings (infra/aws/bundling.ts), which is what synth runs per function.
 * Web: a production build of the app (vite, its own config, into a temporary directory with a manifest); for /login
 * and /dashboard, the JavaScript and CSS the page loads before it shows, gzip: the entry and its static imports (the
 * modulepreloads in index.html), plus the screen's own chunk and its static imports when the route loads it lazily.
 * Chunks a screen fetches later (a chart's library) are listed apart, not counted.
 *
 * `npm run sizes -- web` or `-- functions` prints one part.
 */

const ROOT = resolve(import.meta.dirname, '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

// ---- functions ----

interface Size {
  name: string;
  bytes: number;
  gzip: number;
}

/** Each Lambda function of the synthesized templates with its asset's main file. */
function synthesizedFunctions(cdkOut: string): Size[] {
  const sizes: Size[] = [];
  for (const file of readdirSync(cdkOut).filter((f) => f.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(cdkOut, file), 'utf8')) as {
      Resources?: Record<string, { Type: string; Metadata?: Record<string, unknown>; Properties?: { Handler?: string } }>;
    };
    for (const [id, res] of Object.entries(template.Resources ?? {})) {
      if (res.Type !== 'AWS::Lambda::Function') continue;
      const assetPath = res.Metadata?.['aws:asset:path'];
      if (typeof assetPath !== 'string') continue;
      const dir = join(cdkOut, assetPath);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
      const main = readdirSync(dir).find((f) => /^index\.(m?js|cjs)$/.test(f));
      if (!main) continue;
      const body = readFileSync(join(dir, main));
      sizes.push({ name: id, bytes: body.length, gzip: gz(body) });
    }
  }
  return sizes;
}

async function bundledFunctions(): Promise<Size[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sizes-'));
  try {
    const sizes: Size[] = [];
    for (const { name, entry } of functionEntries()) {
      const outfile = join(dir, `${name.replace(/\W+/g, '-')}.mjs`);
      await bundleAsDeployed(join(ROOT, entry), outfile);
      const body = readFileSync(outfile);
      sizes.push({ name, bytes: body.length, gzip: gz(body) });
    }
    return sizes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function printFunctions(fromSynth: boolean): Promise<void> {
  const cdkOut = join(ROOT, 'cdk.out');
  const synthesized = fromSynth && existsSync(cdkOut) ? synthesizedFunctions(cdkOut) : [];
  if (fromSynth && synthesized.length === 0) console.log('cdk.out holds no synthesized function assets (run `npm run synth`): bundling here.');
  const sizes = synthesized.length > 0 ? synthesized : await bundledFunctions();
  console.log(`\nFunction bundles (${synthesized.length > 0 ? 'cdk.out' : 'esbuild with infra/aws/bundling.ts settings'}), minified`);
  console.log('function | bundle | gzip');
  for (const s of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`${s.name} | ${kb(s.bytes)} | ${kb(s.gzip)}`);
}

// ---- web ----

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The screens a route shows at once, by source path in the manifest (a lazily loaded screen is its own entry there). */
export const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/dashboard': ['src/app/SignedIn.tsx', 'src/features/dashboard/DashboardPage.tsx'],
};

/** The app itself: index.html's entry imports it after the first paint; every page needs it and its imports. */
export const APP_START = 'src/start.tsx';

/** A chunk and everything it imports statically (what the browser must fetch before the chunk runs). */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return seen;
}

export interface PageWeight {
  path: string;
  js: number;
  css: number;
  /** Entry and its static imports only. */
  entryJs: number;
  chunks: { file: string; gzip: number }[];
  /** Chunks the page's screens import dynamically (fetched after they run), not counted. */
  later: { file: string; gzip: number }[];
}

/** The first-page weight of each route of FIRST_PAGES from a build's manifest and files. */
export function pageWeights(dist: string, manifest: Manifest): PageWeight[] {
  const size = new Map<string, number>();
  const gzipOf = (file: string) => {
    let n = size.get(file);
    if (n === undefined) {
      n = gz(readFileSync(join(dist, file)));
      size.set(file, n);
    }
    return n;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('the manifest names no entry');
  if (!manifest[APP_START]) throw new Error(`the manifest has no ${APP_START}`);
  const entryKeys = staticClosure(manifest, [entry, APP_START]);
  const sum = (keys: Set<string>, part: 'js' | 'css') =>
    [...new Set([...keys].flatMap((k) => (part === 'js' ? [manifest[k]!.file] : (manifest[k]!.css ?? []))))].reduce((n, f) => n + gzipOf(f), 0);
  return Object.entries(FIRST_PAGES).map(([path, screens]) => {
    const keys = staticClosure(manifest, [entry, APP_START, ...screens.filter((s) => manifest[s])]);
    const later = new Set<string>();
    // What the screens' chunks import dynamically (the entry's dynamic imports are the other routes).
    for (const k of keys) if (!entryKeys.has(k)) for (const d of manifest[k]!.dynamicImports ?? []) if (!keys.has(d)) later.add(d);
    return {
      path,
      js: sum(keys, 'js'),
      css: sum(keys, 'css'),
      entryJs: sum(entryKeys, 'js'),
      chunks: [...keys].map((k) => ({ file: manifest[k]!.file, gzip: gzipOf(manifest[k]!.file) })).sort((a, b) => b.gzip - a.gzip),
      later: [...later].map((k) => ({ file: manifest[k]!.file, gzip: gzipOf(manifest[k]!.file) })),
    };
  });
}

/** A production build of the web app with a manifest, in a temporary directory (web/dist, which `npm start` serves, is left alone). */
export async function buildWebForSizes(): Promise<{ dist: string; manifest: Manifest; cleanup: () => void }> {
  const { build } = await import('vite');
  const dist = mkdtempSync(join(tmpdir(), 'web-sizes-'));
  await build({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: dist, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { dist, manifest, cleanup: () => rmSync(dist, { recursive: true, force: true }) };
}

export const FIRST_PAGE_GOAL = { js: 150 * 1024, css: 25 * 1024 };

async function printWeb(): Promise<void> {
  const { dist, manifest, cleanup } = await buildWebForSizes();
  try {
    console.log('\nWeb app first page (gzip; goal: JS at most 150 KB, CSS at most 25 KB)');
    for (const p of pageWeights(dist, manifest)) {
      const ok = p.js <= FIRST_PAGE_GOAL.js && p.css <= FIRST_PAGE_GOAL.css;
      console.log(`${p.path}: JS ${kb(p.js)} (entry and its imports ${kb(p.entryJs)}), CSS ${kb(p.css)} ${ok ? 'PASS' : 'FAIL'}`);
      console.log(`  ${p.chunks.map((c) => `${c.file.replace(/^assets\//, '')} ${kb(c.gzip)}`).join(', ')}`);
      if (p.later.length > 0) console.log(`  fetched later by the screen: ${p.later.map((c) => `${c.file.replace(/^assets\//, '')} ${kb(c.gzip)}`).join(', ')}`);
    }
  } finally {
    cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const only = args.find((a) => !a.startsWith('--'));
  if (!only || only === 'web') await printWeb();
  if (!only || only === 'functions') await printFunctions(args.includes('--synth'));
}
