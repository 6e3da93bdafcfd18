import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, signInAs } from './browser.js';

/** The walkthrough widget on /selling (spec sections 2 and 4), as a seller of its own (closing it is kept). */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

describe('walkthrough on /selling', () => {
  it('at 1280 px: ?walkthrough#selling opens the tour; Complete folds it to Get Started; Live Selling opens New Order; Import Orders goes to the orders tour', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/selling?walkthrough#selling');
    await page.getByRole('heading', { name: 'Live Selling' }).waitFor();
    const tour = page.getByTestId('walkthrough');
    await poll(() => tour.textContent()).toContain('Get Started: Live Selling');
    await tour.getByRole('button', { name: 'Next' }).click();
    await poll(() => tour.textContent()).toContain('Get Started: Your products');
    await tour.getByRole('button', { name: 'Back' }).click();
    await poll(() => tour.textContent()).toContain('Get Started: Live Selling');
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Next' }).click();
    await tour.getByRole('button', { name: 'Complete' }).click();
    await poll(() => tour.count()).toBe(0);
    await page.getByText('No products yet.').waitFor();

    await page.getByRole('button', { name: 'Get Started' }).click();
    await tour.getByRole('button', { name: 'Live Selling' }).click();
    await page.waitForURL('**/orders?new');
    await page.getByRole('dialog', { name: 'New Order' }).getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/selling');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await tour.getByRole('button', { name: 'Import Orders' }).click();
    await page.waitForURL('**/orders?walkthrough#orders');
    await poll(() => page.getByTestId('orders-tour').textContent()).toContain('Quick Tour: Manage Orders');
    expect(errors).toEqual([]);
  }, 90_000);

  it('at 375 px: collapsed, the widget is hidden', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page } = await open(PHONE);
    await signInAs(page, seller, '/selling');
    await page.getByRole('heading', { name: 'Live Selling' }).waitFor();
    await page.getByText('No products yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Get Started' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'New Order' }).isVisible()).toBe(true);
  });
});

/**
 * Serious and critical axe-core violations on the page as it is now, colour contrast aside: Bootstrap's primary
 * (#0d6efd) is 4.50:1 on white, which axe rounds below its 4.5 and flags on every link and outline button of
 * every screen; the colours are the design tokens' (issue 17: one set of tokens in one file), checked there.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run: (options: object) => Promise<Result> } }).axe;
    const { violations } = await axe.run({ rules: { 'color-contrast': { enabled: false } } });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

describe('getting-started screens pass axe', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ])('at %s: sign-up, reset, plan choice, setup, selling and account settings', async (_, viewport) => {
    const { page } = await open(viewport);
    for (const [path, heading] of [
      ['/register', 'Create your account'],
      ['/forgot-password', 'Reset your password'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    const seller = await createTestSeller({ plan: 'growth' });
    await signInAs(page, seller, '/activate');
    for (const [path, heading] of [
      ['/activate', 'Account Setup'],
      ['/selling', 'Live Selling'],
      ['/signup-package', 'Choose Your Plan'],
      ['/settings#account', 'Password'],
      ['/customers', 'Customers'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    }
  }, 120_000);
});
