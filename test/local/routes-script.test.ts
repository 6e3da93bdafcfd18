import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/api/routes.js';

/**
 * `npm run routes` (README) on a fresh clone: nothing in the environment but PATH. It loads every call group's
 * handler to read which routes are built, and functions/config.ts refuses to load without the settings a deployed
 * function gets, so the script must give what the listing never uses itself.
 */
describe('npm run routes', () => {
  it('lists every route with nothing in the environment', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/routes.ts'], {
      env: { PATH: process.env.PATH! },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${routeList.length} routes in \\d+ call groups: \\d+ built`));
  });
});
