import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROUTE_INDEX } from '../../../shared/api/route-index';
import type { RouteId } from '../../../shared/api/routes';
import { routeSchemas } from './route-schemas';

/**
 * A `checkLater` answer is used as it came and checked afterwards (lib/answer-check.ts), so its response schema must
 * not change a valid answer: no transform, default, catch or overwrite (trim, case) anywhere in it. Otherwise the
 * screen would show what the schema would have changed. Every `checkLater` call in the app is found in its source.
 */
const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The route ids of every `api('<id>', { ... checkLater: true ... })` in the app. */
function checkedLater(): string[] {
  const ids = new Set<string>();
  for (const file of sources(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/api\('([\w.]+)',\s*\{[^}]*checkLater:\s*true/g)) ids.add(m[1]!);
  }
  return [...ids].sort();
}

type Def = { type: string; checks?: { _zod: { def: { check: string } } }[]; [k: string]: unknown };

/** Where in `schema` a valid value would be changed by parsing, or undefined. */
function changesAt(schema: z.ZodType, path = '$'): string | undefined {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (['pipe', 'transform', 'default', 'prefault', 'catch', 'success'].includes(def.type)) return `${path} (${def.type})`;
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return `${path} (overwrite: trim, case or normalize)`;
  const inner = (key: string, at = path) => changesAt(def[key] as z.ZodType, at);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const found = changesAt(v, `${path}.${k}`);
        if (found) return found;
      }
      return def.catchall ? inner('catchall', `${path}[*]`) : undefined;
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'array':
      return inner('element', `${path}[]`);
    case 'record':
      return inner('valueType', `${path}{}`);
    case 'union':
      return (def.options as z.ZodType[]).map((o) => changesAt(o, path)).find(Boolean);
    case 'intersection':
      return inner('left') ?? inner('right');
    case 'tuple':
      return (def.items as z.ZodType[]).map((o, i) => changesAt(o, `${path}[${i}]`)).find(Boolean);
    case 'lazy':
      return changesAt((def.getter as () => z.ZodType)(), path);
    default:
      return undefined;
  }
}

describe('checkLater answers', () => {
  it('are found in the app (the dashboard, the seller profile, the status feed)', () => {
    expect(checkedLater()).toEqual(expect.arrayContaining(['consultant.dashboard', 'consultant.getConsultantInfo', 'status.feed']));
  });

  it.each(checkedLater())('%s: its response schema changes no valid answer', async (id) => {
    const { response } = await routeSchemas(ROUTE_INDEX[id as RouteId].group, id);
    expect(response).toBeDefined();
    expect(changesAt(response as z.ZodType)).toBeUndefined();
  });

  it('finds what would change an answer', async () => {
    const { z: zod } = await import('zod');
    expect(changesAt(zod.object({ a: zod.array(zod.object({ b: zod.string().trim() })) }))).toBe('$.a[].b (overwrite: trim, case or normalize)');
    expect(changesAt(zod.object({ n: zod.number().default(0) }))).toBe('$.n (default)');
    expect(changesAt(zod.object({ s: zod.string().transform((s) => s.length).optional() }))).toBe('$.s (pipe)');
    expect(changesAt(zod.object({ s: zod.string().max(3).nullable(), e: zod.enum(['x']) }))).toBeUndefined();
  });
});
