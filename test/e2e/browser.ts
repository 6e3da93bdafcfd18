import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Set by test/e2e/setup.ts (the local cloud of this run). */
export function e2eEnv(): { webUrl: string; email: string; password: string } {
  const webUrl = process.env.E2E_WEB_URL;
  const email = process.env.E2E_DEMO_EMAIL;
  const password = process.env.E2E_DEMO_PASSWORD;
  if (!webUrl || !email || !password) throw new Error('E2E_WEB_URL / E2E_DEMO_* missing: run through vitest.e2e.config.ts');
  return { webUrl, email, password };
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

export const ARTIFACTS = join(process.cwd(), '.test-artifacts');

/** Debian's Chromium (playwright-core ships no browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** `timezoneId`: the zone the page's clock and Intl read (an IANA name); the machine's own when not given. */
export async function newContext(browser: Browser, viewport: { width: number; height: number }, options: { timezoneId?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: e2eEnv().webUrl, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/** Browser console errors and failed page scripts fail loudly in the test output. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as the demo seller from /login (optionally ?next=...) and waits to leave the login page. */
export async function signIn(page: Page, path = '/login'): Promise<void> {
  const { email, password } = e2eEnv();
  await page.goto(path);
  await fillLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs in as `seller` (a test seller of its own) and waits on `next`. */
export async function signInAs(page: Page, seller: { email: string; password: string }, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await fillLogin(page, seller.email, seller.password);
  await page.waitForURL(`**${next}`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, name);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * One Chromium per test file and a fresh context (clean cookies and storage) per test. Call at the top of a file;
 * `open(viewport)` gives a page that collects console errors, and `context()` the current test's context.
 */
export function browserPerFile() {
  let browser: Browser | undefined;
  let current: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    async open(viewport: { width: number; height: number }, options: { timezoneId?: string } = {}): Promise<{ page: Page; errors: string[] }> {
      if (!browser) throw new Error('browserPerFile(): the browser starts in beforeAll');
      current = await newContext(browser, viewport, options);
      const page = await current.newPage();
      return { page, errors: collectErrors(page) };
    },
    context: (): BrowserContext => {
      if (!current) throw new Error('No page is open in this test');
      return current;
    },
  };
}
