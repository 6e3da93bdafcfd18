/**
 * `npm run lint` (after Biome): the layer rules of docs/architecture.md, checked on every import of the app code.
 * Biome's noRestrictedImports matches the specifier as written, so a rule about folders would depend on how
 * many `../` a file needs; here each specifier is resolved to a repo path first. Test files are exempt: a test
 * reaches into any layer it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['shared', 'functions', 'web/src'];
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** What an import reaches: a repo path (from a relative specifier) or a package. */
type Target = { repoPath: string } | { pkg: string };

interface ImportRef {
  line: number;
  specifier: string;
  names: string[];
  target: Target;
}

interface Rule {
  id: string;
  /** The rule in words, shown with every violation. */
  message: string;
  appliesTo: (file: string) => boolean;
  forbids: (imp: ImportRef, file: string) => boolean;
}

const NODE_BUILTINS = new Set(builtinModules);
const under = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);
const isRepoPath = (t: Target, ...dirs: string[]) => 'repoPath' in t && dirs.some((d) => under(t.repoPath, d));
const isPkg = (t: Target, test: (name: string) => boolean) => 'pkg' in t && test(t.pkg);
const isNode = (name: string) => name.startsWith('node:') || NODE_BUILTINS.has(name.split('/')[0]!);
const isAwsSdk = (name: string) => name.startsWith('@aws-sdk/');
const isReact = (name: string) => /^react($|[-/])/.test(name);
const featureOf = (p: string) => /^web\/src\/features\/([^/]+)\//.exec(p)?.[1];

const RULES: Rule[] = [
  {
    id: 'a',
    message: 'shared/ is the route table, schemas, messages and pure rules: it imports nothing of functions/, web/ or infra/, no Node built-in, no AWS SDK and no React',
    appliesTo: (f) => under(f, 'shared'),
    forbids: ({ target }) => isRepoPath(target, 'functions', 'web', 'infra') || isPkg(target, (n) => isNode(n) || isAwsSdk(n) || isReact(n)),
  },
  {
    id: 'b',
    message: 'functions/ imports nothing of infra/ or web/: settings both clouds need reach it through functions/config.ts, shared types through shared/',
    appliesTo: (f) => under(f, 'functions'),
    forbids: ({ target }) => isRepoPath(target, 'infra', 'web'),
  },
  {
    id: 'c',
    message: 'functions/http/ parses, calls one service function and answers: it imports nothing of functions/data/ or functions/adapters/, no electrodb and no AWS SDK',
    appliesTo: (f) => under(f, 'functions/http'),
    forbids: ({ target }) => isRepoPath(target, 'functions/data', 'functions/adapters') || isPkg(target, (n) => n === 'electrodb' || isAwsSdk(n)),
  },
  {
    id: 'd',
    message: 'only functions/data/ uses ElectroDB: elsewhere import no electrodb and no entity (a name ending in Entity), call a data function instead',
    appliesTo: (f) => !under(f, 'functions/data'),
    forbids: ({ target, names }) => isPkg(target, (n) => n === 'electrodb') || (isRepoPath(target, 'functions/data') && names.some((n) => n.endsWith('Entity'))),
  },
  {
    id: 'e',
    message: 'only functions/adapters/ builds AWS SDK commands: elsewhere in functions/ import no @aws-sdk/client-*, call an adapter instead',
    appliesTo: (f) => under(f, 'functions') && !under(f, 'functions/adapters'),
    forbids: ({ target }) => isPkg(target, (n) => n.startsWith('@aws-sdk/client-')),
  },
  {
    id: 'f',
    message: 'a web feature imports no other feature: what two features share lives in web/src/components/, web/src/lib/ or shared/',
    appliesTo: (f) => featureOf(f) !== undefined,
    forbids: ({ target }, file) => 'repoPath' in target && featureOf(target.repoPath) !== undefined && featureOf(target.repoPath) !== featureOf(file),
  },
  {
    id: 'g',
    message: 'functions/data/every-entity.ts lists every entity for the tests: a function that imported it would build all 48 on its first call (issue 18, cold starts); a transaction names the entities it writes',
    appliesTo: (f) => under(f, 'functions'),
    forbids: ({ target }) => isRepoPath(target, 'functions/data/every-entity.js', 'functions/data/every-entity.ts'),
  },
];

/** The package an external specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Names an import clause brings in (`a`, `{ b as c, type d }`, `* as e`), as exported by the module. */
function importedNames(clause: string): string[] {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces) {
    for (const part of braces[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * Static imports and re-exports (`import x from`, `import 'x'`, `export { y } from`, `export * from`, with or
 * without `type`) and dynamic `import('x')` with a literal specifier. Comments are blanked first, keeping lines.
 */
const STATIC = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?([\w*${}\s,]*?)\s*(?:from\s*)?(['"])([^'"\n]+)\2/g;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

function importsOf(file: string, text: string): ImportRef[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  const refs: ImportRef[] = [];
  const add = (index: number, specifier: string, names: string[]) => {
    const target: Target = specifier.startsWith('.')
      ? { repoPath: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) }
      : { pkg: packageOf(specifier) };
    refs.push({ line: lineAt(index), specifier, names, target });
  };
  for (const m of code.matchAll(STATIC)) add(m.index + m[0].indexOf(m[2]!), m[3]!, importedNames(m[1] ?? ''));
  for (const m of code.matchAll(DYNAMIC)) add(m.index, m[2]!, []);
  return refs;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(rel);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield rel;
    }
  }
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap((d) => [...sourceFiles(d)])) {
    const rules = RULES.filter((r) => r.appliesTo(file));
    if (rules.length === 0) continue;
    for (const imp of importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))) {
      for (const rule of rules) {
        if (rule.forbids(imp, file)) found.push(`${file}:${imp.line}: import rule ${rule.id}: ${rule.message} (imports '${imp.specifier}')`);
      }
    }
  }
  return found;
}

/**
 * zod by its namespace (`import * as z from 'zod'`): `import { z } from 'zod'` takes zod's whole namespace object,
 * its locales included, into every function and the web app (443 KB against 83 KB, docs/performance.md).
 */
const ZOD_OBJECT = /^\s*import\s+\{[^}]*\bz\b[^}]*\}\s+from\s+['"]zod['"]/m;

function zodObjectImports(): string[] {
  return [...SCANNED, 'events']
    .flatMap((d) => [...sourceFiles(d)])
    .filter((file) => ZOD_OBJECT.test(readFileSync(path.join(ROOT, file), 'utf8')))
    .map((file) => `${file}: import zod as \`import * as z from 'zod'\`, not \`import { z } from 'zod'\` (its whole namespace object, locales included, goes into every bundle)`);
}

const found = [...violations(), ...zodObjectImports()];
for (const v of found) console.error(v);
console.log(`check-imports: ${found.length === 0 ? 'every import follows the layer rules' : `${found.length} imports break the layer rules`}`);
process.exitCode = found.length === 0 ? 0 : 1;
