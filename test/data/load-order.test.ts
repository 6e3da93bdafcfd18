import { describe, expect, it, vi } from 'vitest';
import { appModules } from '../support/app-modules.js';

/**
 * Every module of functions/data loads first on its own: a Lambda imports whichever repository its group needs
 * first, and a module that reads an entity of a module importing it back would read it before it exists in one of
 * the two orders. (Entities are built on first use since issue 18; a module that used one while loading would still
 * fail here.)
 */
const modules = appModules('data');

describe('data modules', () => {
  it.each(modules)('%s loads as the first module of a fresh process', async (file) => {
    vi.resetModules();
    await expect(import(`../../functions/data/${file}`)).resolves.toBeDefined();
  });
});
