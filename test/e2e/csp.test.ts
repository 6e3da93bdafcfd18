import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../infra/aws/web-security.js';
import { SCREENS } from '../../web/src/app/screens.js';
import { DESKTOP, e2eEnv, fillLogin, launchBrowser } from './browser.js';

/**
 * The built web app under the Content-Security-Policy CloudFront sends (infra/aws/web-security.ts, the sandbox
 * processor): signed in, every screen of the navigation loads without one CSP violation. The build is served as
 * CloudFront serves it, one origin with /api, /config.json and the sign-in proxied to the local cloud of this run.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
const PROXIED = /^\/(api|cognito)(\/|$)/;

let dist: string;
let server: Server;
let origin: string;
let browser: Browser;

function serveBuilt(csp: string): Promise<Server> {
  const upstream = new URL(e2eEnv().webUrl);
  const headers = { 'content-security-policy': csp, 'cross-origin-opener-policy': 'same-origin' };
  const s = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (PROXIED.test(path)) {
      const up = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
      return;
    }
    if (path === '/config.json') {
      // As deployed: the sign-in endpoint on the page's own origin (CloudFront has no /cognito; the CSP names Cognito).
      fetch(`${upstream.origin}/config.json`)
        .then((r) => r.json() as Promise<Record<string, unknown>>)
        .then((config) => {
          res.writeHead(200, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify({ ...config, cognitoEndpoint: '/cognito' }));
        });
      return;
    }
    const file = normalize(join(dist, path));
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream', ...headers });
    createReadStream(found).pipe(res);
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-csp-'));
  const { build } = await import('vite');
  await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
  server = await serveBuilt(contentSecurityPolicy({ region: 'us-east-1', stripe: false }));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  rmSync(dist, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it('no screen of the built app breaks the policy CloudFront sends', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: origin });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const { email, password } = e2eEnv();
    await page.goto('/login');
    await fillLogin(page, email, password);
    await page.waitForURL((url) => url.pathname !== '/login');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await page.waitForLoadState('networkidle');
      expect((await page.locator('#root').innerText()).trim(), screen.path).not.toBe('');
    }
    expect(SCREENS.length).toBeGreaterThan(10);
    expect(violations).toEqual([]);
    await context.close();
  }, 180_000);
});
