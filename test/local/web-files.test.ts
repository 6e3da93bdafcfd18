import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from '../../infra/local/gateway.js';
import { freePort } from '../../infra/local/ports.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE_DIR = `${ROOT}.local/web-files-probe`;

/** The local web server (Vite in middleware mode) serves the app's own files and nothing else of the repository. */
describe('local web server', () => {
  let gateway: Gateway;
  const get = (path: string) => fetch(`${gateway.url}${path}`);

  beforeAll(async () => {
    mkdirSync(PROBE_DIR, { recursive: true });
    writeFileSync(`${PROBE_DIR}/accounts.json`, '{"password":"not for the browser"}');
    gateway = await startGateway({
      port: await freePort(),
      region: 'us-east-1',
      cognitoTarget: { host: '127.0.0.1', port: 9 },
      webConfig: () => ({}),
      serveWeb: true,
      handlers: {},
      log: () => {},
    });
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    rmSync(PROBE_DIR, { recursive: true, force: true });
  });

  it('serves the app and the shared modules it imports', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get(`/@fs${ROOT}shared/api/messages.ts`)).status).toBe(200);
  });

  it.each([
    ['local accounts and keys', '.local/web-files-probe/accounts.json'],
    ['server source', 'functions/config.ts'],
    ['infrastructure', 'infra/local/cloud.ts'],
    ['the package manifest', 'package.json'],
  ])('refuses %s through /@fs', async (_what, path) => {
    const res = await get(`/@fs${ROOT}${path}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('not for the browser');
  });
});
