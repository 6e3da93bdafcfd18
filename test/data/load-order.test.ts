import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

/**
 * Every module of functions/data loads first on its own: a Lambda imports whichever repository its group needs
 * first, and an entity declared in a module that also imports the one Service (which imports the entity back) is
 * read before it exists in one of the two orders.
 */
const modules = readdirSync(new URL('../../functions/data/', import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('data modules', () => {
  it.each(modules)('%s loads as the first module of a fresh process', async (file) => {
    vi.resetModules();
    await expect(import(`../../functions/data/${file}`)).resolves.toBeDefined();
  });
});
