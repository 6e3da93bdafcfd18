import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { buildWeb, serveBuiltApp } from '../../infra/local/web-build.js';
import { benchSeller } from './bench-seller.js';

/**
 * Issue 18: Lighthouse's performance score of the built app served as `npm start` serves it (web/dist, brotli,
 * hashed assets cached a year), desktop and mobile (Lighthouse's default throttling), for /login and /dashboard
 * (signed in: a seller of its own signs in through the page first; the HTTP cache is cleared before each run).
 * Goals: 100 on desktop, at least 98 on mobile, mobile LCP at most 1.5 s.
 * LIGHTHOUSE_ONLY=<path>:<form factor>,...: only those (e.g. /dashboard:mobile).
 * LIGHTHOUSE_RUNS (default 1, quick 1): runs per page and form factor, the median score is printed.
 * LIGHTHOUSE_REPORTS=<dir>: each run's full report (JSON) is written there, for its diagnostics (long tasks, the
 * LCP element, the request chain), with the page load's trace (<report>.trace.json, for Chromium's Performance panel).
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const DESKTOP_GOAL = 100;
const MOBILE_GOAL = 98;
const LCP_GOAL_MS = 1500;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(',').map((s) => s.trim());
let reportCount = 0;

/** web/dist with the same sirv settings as the local gateway's 'built' mode; /api, /cognito, /config.json proxied to the cloud. */
async function serveBuilt(cloud: LocalCloud): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(cloud.endpoints.webUrl);
  const serve = serveBuiltApp();
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/config.json') {
      // The cloud's own config points Cognito at its origin; this origin proxies /cognito, as the gateway does.
      void fetch(`${cloud.endpoints.webUrl}/config.json`)
        .then((r) => r.json())
        .then((cfg: Record<string, unknown>) => {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify({ ...cfg, cognitoEndpoint: '/cognito' }));
        });
      return;
    }
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/cognito')) return proxy(req, res);
    serve(req, res, () => {
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Figures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
}

async function measure(url: string, port: number, formFactor: 'desktop' | 'mobile', keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (!lhr.finalDisplayedUrl.startsWith(url)) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${++reportCount}-${new URL(url).pathname.slice(1) || 'root'}-${formFactor}.json`;
    writeFileSync(`${REPORTS}/${name}`, JSON.stringify(lhr));
    // The page load's trace (its tasks, what ran in each), for the long tasks the report only lists.
    writeFileSync(`${REPORTS}/${name.replace(/\.json$/, '.trace.json')}`, JSON.stringify(result.artifacts.Trace));
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export default async function bench(cloud: LocalCloud): Promise<void> {
  const seller = await benchSeller(cloud);

  await buildWeb();
  const site = await serveBuilt(cloud);
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    /**
     * Signs in through the page once (the app stores its own session, kept: the dashboard runs do not reset
     * storage), and empties the HTTP cache before each run: a cold load, signed in, the seller's second visit.
     */
    let signedIn = false;
    const signIn = async () => {
      const page = await context.newPage();
      if (!signedIn) {
        await page.goto(`${site.url}/login?next=%2Fdashboard`);
        await page.getByLabel('Email').fill(seller.email);
        await page.getByLabel('Password').fill(seller.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL('**/dashboard');
        // The visit ends with the dashboard shown, as a seller's does: its answer is kept for the next visit's
        // first paint (web/src/lib/kept.ts), so the runs below measure the seller's return, the HTTP cache empty.
        await page.getByTestId('seller-name').waitFor();
        signedIn = true;
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    };
    console.log('page | form factor | performance (goal) | LCP | FCP, total blocking time');
    for (const path of ['/login', '/dashboard']) {
      for (const formFactor of ['desktop', 'mobile'] as const) {
        if (ONLY && !ONLY.includes(`${path}:${formFactor}`)) continue;
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) {
          if (path === '/dashboard') await signIn();
          runs.push(await measure(`${site.url}${path}`, chrome.port, formFactor, path === '/dashboard'));
        }
        const score = median(runs.map((r) => r.score));
        const lcpMs = median(runs.map((r) => r.lcpMs));
        const rest = `FCP ${Math.round(median(runs.map((r) => r.fcpMs)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms`;
        const goal = formFactor === 'desktop' ? DESKTOP_GOAL : MOBILE_GOAL;
        const lcp = formFactor === 'mobile' ? ` (goal <= ${LCP_GOAL_MS} ms) ${verdict(lcpMs <= LCP_GOAL_MS)}` : '';
        console.log(`${path} | ${formFactor} | ${score} (goal >= ${goal}) ${verdict(score >= goal)} | ${Math.round(lcpMs)} ms${lcp} | ${rest}`);
      }
    }
    await browser.close().catch(() => undefined);
  } finally {
    chrome.kill();
    await site.close();
  }
}
