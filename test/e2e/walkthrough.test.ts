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
