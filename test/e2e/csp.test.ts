import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../infra/aws/web-security.js';
import { SCREENS } from '../../web/src/app/screens.js';
import { DESKTOP, e2eEnv, fillLogin, launchBrowser } from './browser.js';
import { routeStripeSetup } from './stripe-standin.js';
import { createTestSeller } from '../support/sellers.js';

/**
 * The built web app under the Content-Security-Policy CloudFront sends (infra/aws/web-security.ts): signed in, every
 * screen of the navigation loads without one CSP violation under the sandbox processor's policy, and the billing
 * screen loads Stripe.js under the Stripe policy. The build is served as CloudFront serves it, one origin with /api,
 * /config.json and the sign-in proxied to the local cloud of this run.
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
const servers: Server[] = [];
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
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(dist, { recursive: true, force: true });
});

/** The built app served under the policy of one processor setup: its origin. */
async function servedUnder(stripe: boolean): Promise<string> {
  const server = await serveBuilt(contentSecurityPolicy({ region: 'us-east-1', stripe }));
  servers.push(server);
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A signed-in page of `origin` that collects every CSP violation it reports. */
async function signedInPage(origin: string, setup?: (page: Page) => Promise<void>, who: { email: string; password: string } = e2eEnv()) {
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
  await setup?.(page);
  const { email, password } = who;
  await page.goto('/login');
  await fillLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return { page, violations, close: () => context.close() };
}

describe('Content-Security-Policy', () => {
  it('no screen of the built app breaks the policy CloudFront sends', async () => {
    const { page, violations, close } = await signedInPage(await servedUnder(false));
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await page.waitForLoadState('networkidle');
      expect((await page.locator('#root').innerText()).trim(), screen.path).not.toBe('');
    }
    expect(SCREENS.length).toBeGreaterThan(10);
    expect(violations).toEqual([]);
    await close();
  }, 180_000);

  it("with Stripe, the billing screen loads Stripe.js and its card element under the Stripe policy, and only under it", async () => {
    // A seller of its own with no saved card, so the card form (and Stripe's element) is what the screen shows.
    const seller = await createTestSeller({ plan: 'starter' });
    const stripe = await signedInPage(await servedUnder(true), routeStripeSetup, seller);
    await stripe.page.goto('/settingsbilling');
    await stripe.page.getByTestId('stripe-card').getByLabel('Stripe card details').waitFor();
    expect(stripe.violations).toEqual([]);
    await stripe.close();

    // The sandbox policy names no Stripe origin: the same page there is blocked, so the check above can fail.
    const sandbox = await signedInPage(await servedUnder(false), routeStripeSetup, seller);
    await sandbox.page.goto('/settingsbilling');
    await expect.poll(() => sandbox.violations.some((v) => v.includes('js.stripe.com')), { timeout: 15_000 }).toBe(true);
    await sandbox.close();
  }, 180_000);
});
