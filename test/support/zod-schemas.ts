import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Reading zod 4 schemas from their own definitions, for the property tests: what values a schema accepts, and
 * where its values have no upper bound.
 *
 * fast-check values a zod schema accepts (its input side), read from zod 4's own definitions: strings within their
 * lengths and patterns, numbers within their bounds, enums, arrays, objects, optionals. Refinements are not known
 * here, so a value may still fail one; the property tests use these to get past validation into the handlers.
 */
type Check = { check: string; minimum?: number; maximum?: number; length?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => [...(def.checks ?? []).map((c) => c._zod.def), ...(def.format ? [{ check: 'string_format', format: def.format, pattern: def.pattern } as Check] : [])];

/** The object schema inside wrappers (optional, default, pipe), or undefined. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  const inner = def.type === 'pipe' ? (defOf(def.in!).type === 'transform' ? def.out : def.in) : def.innerType;
  return inner ? objectShape(inner) : undefined;
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = Math.max(0, ...checks.map((c) => (c.check === 'min_length' ? c.minimum! : c.check === 'length_equals' ? c.length! : 0)));
  const max = Math.min(200, ...checks.map((c) => (c.check === 'max_length' ? c.maximum! : c.check === 'length_equals' ? c.length! : 200)));
  const format = checks.find((c) => c.check === 'string_format');
  if (format?.format === 'email') return fc.emailAddress();
  if (format?.format === 'url') return fc.webUrl();
  if (format?.format === 'uuid' || format?.format === 'guid') return fc.uuid();
  if (format?.pattern) return fc.stringMatching(format.pattern).map((s) => s.slice(0, Math.max(max, min)));
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const lower = checks.find((c) => c.check === 'greater_than');
  const upper = checks.find((c) => c.check === 'less_than');
  const int = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  const min = lower ? lower.value! + (lower.inclusive ? 0 : int ? 1 : 0.01) : int ? -1_000 : -1_000;
  const max = upper ? upper.value! - (upper.inclusive ? 0 : int ? 1 : 0.01) : 1_000_000;
  if (int) return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100);
}

export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, depth + 1), { nil: null });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType!, depth + 1);
    case 'pipe':
      return arbitraryOf(defOf(def.in!).type === 'transform' ? def.out! : def.in!, depth + 1);
    case 'array': {
      const checks = checksOf(def);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const maxLength = Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 3, minLength + 3);
      return fc.array(arbitraryOf(def.element!, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v, depth + 1)])));
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitraryOf(def.valueType!, depth + 1), { maxKeys: 3 });
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

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
      // zod has no size check for a map: a refinement must bound it (read as any custom check on the map).
      return [...(has('custom') ? [] : [`${path}: a map of any size`]), ...unbounded(def.keyType!, `${path}{key}`), ...unbounded(def.valueType!, `${path}{}`)];
    case 'unknown':
    case 'any':
      return [`${path}: anything`];
    default:
      // enum, literal, boolean, file, custom checks with their own limits
      return [];
  }
}
