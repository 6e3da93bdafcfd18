import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEPT_PREFIX } from '../../web/src/lib/kept.js';
import { browserPerFile, DESKTOP, e2eEnv, fillLogin, PHONE, screenshot, signIn } from './browser.js';

const { open, context } = browserPerFile();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function countOf(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(testId).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

describe('sign-in', () => {
  it('shows a plain message for a wrong password and stays on /login', async () => {
    const { page } = await open(DESKTOP);
    await page.goto('/login');
    await fillLogin(page, e2eEnv().email, 'not-the-password-1!');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Incorrect email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends an unauthenticated visit to /login and back to the page wanted after sign-in', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto('/customers');
    await page.waitForURL('**/login?next=%2Fcustomers');
    const { email, password } = e2eEnv();
    await fillLogin(page, email, password);
    await page.waitForURL('**/customers');
    await expect.poll(() => heading(page).textContent()).toBe('Customers');
    await page.getByTestId('table-customers').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('at 1280 px', () => {
  it('shows the dashboard and navigates with the side nav', async () => {
    const { page, errors } = await open(DESKTOP);
    await signIn(page, '/login');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('seller-name').waitFor();
    expect(await page.getByTestId('seller-name').textContent()).toContain('Dana Demo');
    expect(await page.getByTestId('seller-plan').textContent()).toMatch(/plan$/);
    expect(await countOf(page, 'count-customers')).toBeGreaterThan(0);
    expect(await countOf(page, 'count-orders')).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-1280.png');

    // The nav is a fixed 15.625rem column; no hamburger.
    const nav = mainNav(page);
    await nav.waitFor();
    const aside = await page.locator('.app-sidenav').boundingBox();
    expect(aside?.width).toBe(250);
    expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);

    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await expect.poll(() => heading(page).textContent()).toBe('Customers');
    expect(await nav.getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => heading(page).textContent()).toBe('Orders');
    expect(errors).toEqual([]);
  });

  it('shows the error state when the dashboard cannot be loaded', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    await page.getByTestId('seller-name').waitFor();
    await page.route('**/api/consultant/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal details"}' }),
    );
    // A visit with nothing kept from the last one (else the kept dashboard, not "Loading...", shows until the error).
    await page.evaluate((prefix) => {
      for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
    }, KEPT_PREFIX);
    await page.reload();
    await page.getByText('Loading...').waitFor();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('An error occurred. Please try again later.');
    await screenshot(page, 'dashboard-error-1280.png');
    await page.unroute('**/api/consultant/dashboard');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('seller-name').waitFor();
  });

  it('offers Try again only where asking again can help: not for a customer who does not exist', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    await page.getByTestId('seller-name').waitFor();
    await page.goto('/rewards/history?customerId=no-such-customer');
    const alert = page.getByRole('alert').filter({ hasText: 'That customer was not found.' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  it('has a route for every screen, and / goes to the dashboard', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    // Getting started's screens are built (issue 16): each shows its own heading, not the not-built panel.
    for (const [path, heading] of [
      ['/signup-package', 'Choose Your Plan'],
      ['/activate', 'Account Setup'],
      ['/selling', 'Live Selling'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await page.getByText('This screen is not built yet.').count()).toBe(0);
    }
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  it('/logout signs out and shows the sign-in page', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    await mainNav(page).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?next=%2Fdashboard');
  });

  it('signs out after 6 hours without activity (last activity shared through localStorage)', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    await page.waitForURL('**/dashboard');
    await page.evaluate(() => localStorage.setItem('lastActivityAt', String(Date.now() - 21_600_001)));
    await page.reload();
    await page.waitForURL('**/login**');
    await page.getByText('You were signed out after 6 hours without activity.', { exact: false }).waitFor();
  });

  it('ends the session when the API answers 401 and asks to sign in again', async () => {
    const { page } = await open(DESKTOP);
    await signIn(page, '/login');
    await page.getByTestId('seller-name').waitFor();
    // A token the server cannot verify (well formed, not expired, wrong signature) in Amplify's storage.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      if (!key) throw new Error('no idToken in localStorage');
      const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const now = Math.floor(Date.now() / 1000);
      const payload = { sub: 'forged', email: 'forged@example.test', token_use: 'id', iat: now, exp: now + 3600 };
      localStorage.setItem(key, `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`);
    });
    await page.reload();
    await page.waitForURL('**/login?next=%2Fdashboard');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
  });
});

describe('at 375 px', () => {
  it('hides the nav behind a hamburger that opens it full width, and keeps its state in the SidenavOpen cookie', async () => {
    const { page, errors } = await open(PHONE);
    await signIn(page, '/login');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('seller-name').waitFor();
    expect(await countOf(page, 'count-orders')).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-375.png');

    const nav = mainNav(page);
    const hamburger = page.getByRole('button', { name: 'Open navigation' });
    expect(await nav.isVisible()).toBe(false);
    await hamburger.click();
    await nav.waitFor({ state: 'visible' });
    // Shown, slid in (Bootstrap's .showing is the transition), and the whole width of the screen.
    const dialog = page.locator('#app-sidenav.show:not(.showing)');
    await dialog.waitFor();
    await expect.poll(async () => await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await screenshot(page, 'nav-open-375.png');

    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await expect.poll(() => heading(page).textContent()).toBe('Customers');
    await nav.waitFor({ state: 'hidden' });

    // Open, reload: still open.
    await hamburger.click();
    await nav.waitFor({ state: 'visible' });
    const cookie = async () => (await context().cookies()).find((c) => c.name === 'SidenavOpen')?.value;
    expect(await cookie()).toBe('true');
    await page.reload();
    await nav.waitFor({ state: 'visible' });

    // Close, reload: still closed.
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await nav.waitFor({ state: 'hidden' });
    expect(await cookie()).toBe('false');
    await page.reload();
    await hamburger.waitFor();
    expect(await nav.isVisible()).toBe(false);

    // Navigate with it to Orders.
    await hamburger.click();
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => heading(page).textContent()).toBe('Orders');
    expect(errors).toEqual([]);
  });
});
