import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consultantEntity } from '../../functions/data/entities.js';
import { getBilling } from '../../functions/data/payments.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { SANDBOX_CARDS } from '../../shared/domain/sandbox-card.js';
import { saveSandboxCard } from '../support/payments.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, e2eEnv, PHONE, signIn, signInAs } from './browser.js';

/** /upgrade in Chromium as the demo seller (growth plan, monthly, no trial). */

const { open } = browserPerFile();

async function openUpgrade(viewport: { width: number; height: number }, query = ''): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await open(viewport);
  await signIn(page, `/login?next=${encodeURIComponent(`/upgrade${query}`)}`);
  await page.waitForURL('**/upgrade**');
  await page.getByText('Pay annually and save up to 25%').waitFor();
  return { page, errors };
}

/** A cookie's lifetime from now, in days (its `expires` is in seconds). */
function daysUntil(expires: number | undefined): number {
  return ((expires ?? 0) * 1000 - Date.now()) / 86_400_000;
}

for (const [name, viewport, layout] of [
  ['1280 px', DESKTOP, 'plans-table'],
  ['375 px', PHONE, 'plans-cards'],
] as const) {
  describe(`/upgrade at ${name}`, () => {
    it('normal mode: per-plan buttons by the current plan, a downgrade asks for confirmation', async () => {
      const { page, errors } = await openUpgrade(viewport);
      const plans = page.getByTestId(layout);
      await expect.poll(() => plans.isVisible()).toBe(true);
      await expect.poll(() => plans.getByRole('button', { name: 'Current Plan: Growth' }).isDisabled()).toBe(true);
      await expect.poll(() => plans.getByRole('button', { name: 'Upgrade Plan: Executive' }).isEnabled()).toBe(true);
      await plans.getByRole('button', { name: 'Downgrade Plan: Starter' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Downgrades take effect at your next charge.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      // Switching to annual makes the current plan choosable (a different billing period).
      await page.getByLabel('Pay annually and save up to 25%').check();
      await expect.poll(() => plans.getByRole('button', { name: 'Current Plan: Growth' }).isEnabled()).toBe(true);
      const annualSub = (await page.context().cookies()).find((c) => c.name === 'annualSub');
      expect(annualSub?.value).toBe('true');
      expect(daysUntil(annualSub?.expires)).toBeCloseTo(30, 0);
      expect(errors).toEqual([]);
    });

    it('details mode: no plan buttons, Continue goes to /orders', async () => {
      const { page } = await openUpgrade(viewport, '?mode=details');
      const plans = page.getByTestId(layout);
      await expect.poll(() => plans.getByRole('button', { name: /Plan:/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/orders');
    });

    it('signup mode: choose a plan, Continue starts billing with it and keeps the package cookie', async () => {
      const { page } = await openUpgrade(viewport, '?mode=signup');
      const plans = page.getByTestId(layout);
      await expect.poll(() => plans.getByRole('button', { name: /Plan:/ }).count()).toBe(0);
      await plans.getByLabel('Choose Executive').check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/payment?package=executive**');
      const pkg = (await page.context().cookies()).find((c) => c.name === 'package');
      expect(pkg?.value).toBe('executive');
      expect(daysUntil(pkg?.expires)).toBeCloseTo(365, 0);
    });
  });
}

describe('/upgrade features on a phone', () => {
  it('expands a plan card\'s feature list', async () => {
    const { page } = await openUpgrade(PHONE);
    const cards = page.getByTestId('plans-cards');
    await cards.getByRole('button', { name: 'See features' }).first().click();
    await cards.getByText('Simple shipping solution').waitFor();
  });
});

describe('upgrade from starter to growth with the sandbox card', () => {
  it('a starter seller without a card: Upgrade Plan on growth, the billing form, the sandbox card, back on growth', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/upgrade');
    const plans = page.getByTestId('plans-table');
    await expect.poll(() => plans.getByRole('button', { name: 'Current Plan: Starter' }).isDisabled()).toBe(true);

    // No saved card: the confirmation says so, and the answer redirects to the billing form for growth.
    await plans.getByRole('button', { name: 'Upgrade Plan: Growth' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL('**/payment?package=growth**');
    await page.getByTestId('charge-today').getByText('$19.00').waitFor();
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Demo');
    await page.getByLabel('Name on card').fill(seller.email);
    await page.getByLabel('Card number').fill(SANDBOX_CARDS.success);
    await page.getByLabel('Expiration (MM/YY)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Billing address').fill('500 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP').fill('78701');
    await page.getByRole('button', { name: 'Pay $19.00 and Start Growth' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('flash-notice').getByText('You are now on the Growth plan. $19.00 was charged today.').waitFor();

    await page.goto('/upgrade');
    await expect.poll(() => plans.getByRole('button', { name: 'Current Plan: Growth' }).isDisabled()).toBe(true);
    await expect.poll(() => plans.getByRole('button', { name: 'Downgrade Plan: Starter' }).isEnabled()).toBe(true);
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    expect(errors).toEqual([]);
  });
});

describe('/upgrade when the upgrade info cannot be read', () => {
  it('shows the spec\'s message', async () => {
    const { page } = await open(DESKTOP);
    await page.route('**/api/upgrade/getUpgradeInfo', (route) => route.fulfill({ status: 500, body: '{}' }));
    await signIn(page, `/login?next=${encodeURIComponent('/upgrade')}`);
    await page.getByText('An error occurred please try again later.').waitFor({ timeout: 20_000 });
  });
});

describe('the annualSub and package cookies (spec section 9)', () => {
  it('carry a choice made earlier into signup mode and to the billing form', async () => {
    // A seller still choosing a first plan (one on a plan sees that plan on /payment: test/e2e/payment.test.ts).
    const seller = await createTestSeller();
    await consultantEntity().patch({ sellerId: seller.sellerId }).remove(['package']).go();
    const page = await openWithCookies({ annualSub: 'true', package: 'executive' });
    await signInAs(page, seller, '/upgrade?mode=signup');
    const plans = page.getByTestId('plans-table');
    await expect.poll(() => page.getByLabel('Pay annually and save up to 25%').isChecked()).toBe(true);
    await expect.poll(() => plans.getByLabel('Choose Executive').isChecked()).toBe(true);

    // /payment without a package in the address takes the remembered one.
    await page.goto('/payment');
    await page.getByText('Executive plan, billed annually.').waitFor();
    await page.getByRole('button', { name: 'Pay $264.00 and Start Executive' }).waitFor();
  });
});

describe('a confirmed downgrade', () => {
  it('waits for the next charge: the seller stays on growth with starter pending', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const { page } = await open(PHONE);
    await signInAs(page, seller, '/upgrade');
    await page.getByTestId('plans-cards').getByRole('button', { name: 'Downgrade Plan: Starter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Downgrade Plan' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('flash-notice').getByText('Your plan changes at your next charge. You stay on Growth until then.').waitFor();
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    expect((await getBilling(seller.sellerId))?.pendingPlan).toBe('starter');

    // Billing settings and /upgrade say what is pending; keeping the plan undoes it, charging nothing.
    await page.goto('/settingsbilling');
    await page.getByTestId('pending-plan').getByText('It changes to Starter at your next charge', { exact: false }).waitFor();
    await page.goto('/upgrade');
    const pending = page.getByTestId('pending-plan');
    await pending.getByText('Your plan changes to Starter at your next charge. You stay on Growth until then.').waitFor();
    const charges = (await seller.api('GET', '/payment/history')).json.charges.length;
    await pending.getByRole('button', { name: 'Keep Growth' }).click();
    await pending.waitFor({ state: 'detached' });
    expect((await getBilling(seller.sellerId))?.pendingPlan).toBeUndefined();
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    expect((await seller.api('GET', '/payment/history')).json.charges).toHaveLength(charges);
  });
});

/** A fresh page whose browser already holds the given cookies for the app's address. */
async function openWithCookies(cookies: Record<string, string>) {
  const { page } = await open(DESKTOP);
  await page.context().addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eEnv().webUrl })));
  return page;
}
