import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAST_ACTIVITY_KEY } from '../../web/src/lib/activity.js';
import { KEPT_PREFIX } from '../../web/src/lib/kept.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, signInAs } from './browser.js';

/**
 * Issue 18: the dashboard's first view is painted from the answer kept at the seller's last visit (web/src/lib/kept.ts,
 * painted by public/boot.js before the app runs and by the screen until the live answer comes), and nothing of it
 * outlives the seller's session on this browser.
 */
const { open } = browserPerFile();

/** The app itself (main.tsx imports it after the first paint): held back, only index.html and boot.js have run. */
const APP = '**/src/start.tsx*';
const DASHBOARD_API = '**/api/consultant/dashboard';

/** Holds every request to `pattern` until the returned function is called. */
async function hold(page: Page, pattern: string): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
  };
}

const storage = (page: Page) => page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
const keptKeys = async (page: Page) => Object.keys(await storage(page)).filter((k) => k.startsWith(KEPT_PREFIX));
const bootSlot = (page: Page, name: string) => page.locator(`.boot-kept [data-kept="${name}"]`);
/** index.html's styles have applied to a signed-in page: before they do, every part of it shows, the sign-in card too. */
const stylesApplied = (page: Page) =>
  page.waitForFunction(() => {
    const login = document.querySelector('.boot-login');
    return login !== null && getComputedStyle(login).display === 'none';
  });

describe('the dashboard kept from the last visit', () => {
  it('paints the kept welcome card before the app runs, then the live answer', async () => {
    const seller = await createTestSeller({ name: `Kept Seller ${Date.now()}`, businessName: 'Kept Shop' });
    const { page, errors } = await open(PHONE);
    await signInAs(page, seller, '/dashboard');
    await expect.poll(() => page.getByTestId('count-customers').textContent()).toBe('0');
    const welcome = (await page.getByTestId('seller-name').textContent()) ?? '';
    expect(welcome).toMatch(/^Welcome back, Kept Seller/);
    // Kept under the seller's user name, the one the session's tokens are stored under.
    const user = Object.entries(await storage(page)).find(([k]) => k.endsWith('.LastAuthUser'))?.[1];
    expect(user).toBeTruthy();
    expect((await keptKeys(page)).sort()).toEqual([`${KEPT_PREFIX}${user}.dashboard`, `${KEPT_PREFIX}${user}.sellerProfile`]);

    // The live figures change after the visit.
    const saved = await seller.api('POST', '/customers/save', {
      body: { firstName: 'Live', lastName: 'Answer', email: `live.${Date.now()}@customers.test`, country: 'US' },
    });
    expect(saved.status).toBe(200);

    const releaseApp = await hold(page, APP);
    const releaseAnswer = await hold(page, DASHBOARD_API);
    await page.reload({ waitUntil: 'commit' });
    await stylesApplied(page);
    // Before the app: index.html's card, filled by boot.js from the kept answer.
    await expect.poll(() => bootSlot(page, 'welcome').isVisible()).toBe(true);
    expect(await bootSlot(page, 'welcome').textContent()).toBe(welcome);
    expect(await bootSlot(page, 'businessName').textContent()).toBe('Kept Shop');
    expect(await bootSlot(page, 'customerCount').textContent()).toBe('0');
    expect(await page.getByTestId('seller-name').count()).toBe(0);
    // The setup banner above it too (a new seller's setup is below 100), from the profile kept beside it: painted
    // now, it does not push the dashboard down when the app draws its own.
    const bootBanner = page.locator('.boot-banner');
    await expect.poll(() => bootBanner.isVisible()).toBe(true);
    const keptPercent = await bootBanner.locator('[data-kept="percent"]').textContent();
    expect(keptPercent).toMatch(/^\d{1,2}%$/);
    const cardTop = (await bootSlot(page, 'welcome').boundingBox())!.y;

    // The app: the same card from the kept answer while the live one is on its way, then the live one.
    await releaseApp();
    await page.getByTestId('seller-name').waitFor();
    expect(await page.getByTestId('onboarding-banner').getByRole('img').getAttribute('aria-label')).toBe(`Account setup: ${keptPercent}`);
    expect((await page.getByTestId('seller-name').boundingBox())!.y).toBeCloseTo(cardTop, 0);
    expect(await page.getByTestId('seller-name').textContent()).toBe(welcome);
    expect(await page.getByTestId('count-customers').textContent()).toBe('0');
    await releaseAnswer();
    await expect.poll(() => page.getByTestId('count-customers').textContent()).toBe('1');
    // And the live answer is what the next visit opens on.
    await expect
      .poll(async () => JSON.parse((await storage(page))[`${KEPT_PREFIX}${user}.dashboard`] ?? '{}').answer?.customerCount)
      .toBe(1);
    expect(errors).toEqual([]);
  });

  it('paints nothing kept once the session has gone idle (the app signs it out)', async () => {
    const seller = await createTestSeller();
    const { page } = await open(DESKTOP);
    await signInAs(page, seller, '/dashboard');
    await page.getByTestId('seller-name').waitFor();
    expect(await keptKeys(page)).toHaveLength(2);
    // The app's page is left first, so nothing of it records activity any more; the last activity is then set as the
    // dashboard's document starts (before boot.js), six hours and a moment ago.
    await page.goto('about:blank');
    await page.addInitScript(
      ([key]) => {
        if (location.protocol.startsWith('http')) localStorage.setItem(key, String(Date.now() - 21_600_001));
      },
      [LAST_ACTIVITY_KEY] as const,
    );
    const releaseApp = await hold(page, APP);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.locator('.boot-app').waitFor();
    await stylesApplied(page);
    expect(await page.locator('.boot-kept').isVisible()).toBe(false);
    await releaseApp();
    await page.waitForURL('**/login**');
    expect(await keptKeys(page)).toEqual([]);
  });

  it("leaves nothing of the seller in storage at sign-out, and the next seller never sees it", async () => {
    const first = await createTestSeller({ businessName: 'First Shop' });
    const second = await createTestSeller({ businessName: 'Second Shop' });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, first, '/dashboard');
    await page.getByTestId('seller-name').waitFor();
    const firstWelcome = (await page.getByTestId('seller-name').textContent()) ?? '';
    expect(await keptKeys(page)).toHaveLength(2);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await keptKeys(page)).toEqual([]);
    const left = JSON.stringify(await storage(page));
    expect(left).not.toContain(firstWelcome.replace('Welcome back, ', ''));
    expect(left).not.toContain('First Shop');
    expect(left).not.toContain(first.email);

    // From here on, every change to the page is checked for the first seller's name and shop (boot.js's paint too).
    const firstName = firstWelcome.replace('Welcome back, ', '');
    await page.addInitScript(
      ([n, shop]) => {
        const w = window as unknown as { sawFirst?: boolean };
        new MutationObserver(() => {
          const text = document.documentElement?.textContent ?? '';
          if (text.includes(n) || text.includes(shop)) w.sawFirst = true;
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      [firstName, 'First Shop'] as const,
    );
    const sawFirst = () => page.evaluate(() => (window as unknown as { sawFirst?: boolean }).sawFirst === true);
    await signInAs(page, second, '/dashboard');
    await page.getByTestId('seller-name').waitFor();
    expect(await page.getByTestId('seller-name').textContent()).not.toContain(firstName);
    // A reload opens on what was kept: the second seller's, never the first's.
    const releaseApp = await hold(page, APP);
    await page.reload({ waitUntil: 'commit' });
    await expect.poll(() => bootSlot(page, 'businessName').textContent()).toBe('Second Shop');
    expect(await sawFirst()).toBe(false);
    await releaseApp();
    await page.getByTestId('seller-name').waitFor();
    expect(await sawFirst()).toBe(false);
    expect(errors).toEqual([]);
  });
});
