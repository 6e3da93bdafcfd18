import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeList } from './routes.js';

/**
 * Every input a route takes is bounded by its schema, so no request can store a value the table or a later read
 * cannot take (a 1 MB address, a key over DynamoDB's 1 KB limit, 2^53 points read back as a BigInt): every string
 * has a maximum length, every number a maximum within the safe integers, every list a maximum count, and nothing
 * is `unknown`. Read from zod 4's own definitions of the route table's query and body schemas.
 */
type Check = { check: string; value?: number; format?: string };
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** The places of a schema whose values have no upper bound, as `path: what is missing`. */
export function unbounded(schema: z.ZodType, path: string): string[] {
  const def = defOf(schema);
  const checks = checksOf(def);
  const has = (name: string) => checks.some((c) => c.check === name);
  switch (def.type) {
    case 'string':
      return has('max_length') || has('length_equals') ? [] : [`${path}: string without a maximum length`];
    case 'number': {
      const max = checks.find((c) => c.check === 'less_than')?.value;
      if (max === undefined) return [`${path}: number without a maximum`];
      return max > Number.MAX_SAFE_INTEGER ? [`${path}: maximum beyond the safe integers`] : [];
    }
    case 'array':
      return [...(has('max_length') ? [] : [`${path}: list without a maximum count`]), ...unbounded(def.element!, `${path}[]`)];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => unbounded(v, path ? `${path}.${k}` : k));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return unbounded(def.innerType!, path);
    case 'pipe':
      return unbounded(defOf(def.in!).type === 'transform' ? def.out! : def.in!, path);
    case 'union':
      return (def.options ?? []).flatMap((o) => unbounded(o, path));
    case 'record':
      return [`${path}: a map of any size`];
    case 'unknown':
    case 'any':
      return [`${path}: anything`];
    default:
      // enum, literal, boolean, file, custom checks with their own limits
      return [];
  }
}

describe('route inputs are bounded', () => {
  it('finds unbounded strings, numbers, lists, maps and unknowns, through optionals and pipes', () => {
    const schema = z.object({
      name: z.string().trim(),
      note: z.string().max(10).optional(),
      count: z.number().int().min(0),
      big: z.number().max(2 ** 60),
      tags: z.array(z.string().max(5)),
      extra: z.record(z.string(), z.string()),
      blob: z.unknown(),
      when: z.preprocess((v) => v, z.string()),
    });
    expect(unbounded(schema, 'body')).toEqual([
      'body.name: string without a maximum length',
      'body.count: number without a maximum',
      'body.big: maximum beyond the safe integers',
      'body.tags: list without a maximum count',
      'body.extra: a map of any size',
      'body.blob: anything',
      'body.when: string without a maximum length',
    ]);
  });

  it.each(routeList.map((r) => [r.id, r] as const))('%s', (_id, route) => {
    expect([...unbounded(route.query, 'query'), ...unbounded(route.body, 'body')]).toEqual([]);
  });
});
