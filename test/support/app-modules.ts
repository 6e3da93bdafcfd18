import { readdirSync } from 'node:fs';

/** The app's module files in one folder of functions/ (not its tests): what a Lambda of that folder may load. */
export const appModules = (folder: string): string[] =>
  readdirSync(new URL(`../../functions/${folder}/`, import.meta.url)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
