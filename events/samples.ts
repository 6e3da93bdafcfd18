import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

/** Loads `events/<source>/<variant>.json` through its schema, so a sample that drifts from the contract fails. */
export function sample<S extends z.ZodType>(schema: S, source: string, variant: string): z.output<S> {
  const path = fileURLToPath(new URL(`./${source}/${variant}.json`, import.meta.url));
  return schema.parse(JSON.parse(readFileSync(path, 'utf8')));
}
