import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * web/src/bootstrap.scss builds Bootstrap's responsive utilities at md and lg only (the first page's CSS budget,
 * issue 18). A class such as `order-xl-0` or `d-sm-inline` would silently do nothing: none may be used.
 */
const SRC = join(import.meta.dirname, '..');
const UTILITY = /\b(?:d|order|flex|text|justify-content|align-items|align-self|align-content|gap|[mp][trblxse]?|float|position|fs|fw)-(?:sm|xl|xxl)-[a-z0-9-]+/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('responsive utility classes', () => {
  it('are only those built: md and lg', () => {
    const unbuilt = sources(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(UTILITY)].map((m) => `${file.slice(SRC.length + 1)}: ${m[0]}`));
    expect(unbuilt).toEqual([]);
  });
});
