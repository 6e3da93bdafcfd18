import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { SANDBOX_CARDS } from '../../shared/domain/sandbox-card.js';
import { confirmationCode, storedUser } from '../support/cognito-codes.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, fillLogin, PHONE, screenshot } from './browser.js';

/** Getting started in Chromium: sign-up, confirmation, plan, billing, account setup; and a forgotten password. */

const { open } = browserPerFile();

/** A save, then the profile read again: seconds on a machine this busy (expect.poll waits 1 s by default). */
const WAIT = { timeout: 15_000 };

const ring = (page: Page) => page.getByRole('img', { name: /Account setup: \d+%/ }).first();

async function ringPercent(page: Page): Promise<string | null> {
  return ring(page).getAttribute('aria-label');
}

describe('sign-up to a set-up account', () => {
  it.each([
    ['1280 px', DESKTOP, 'plans-table'],
    ['375 px', PHONE, 'plans-cards'],
  ])('at %s: sign up, confirm, choose a plan, pay, finish setup and the banner goes', async (name, viewport, plans) => {
    const { page, errors } = await open(viewport);
    const email = `new-${randomUUID().slice(0, 8)}@test.consultantdesk.test`;
    const password = `Start-${randomUUID().slice(0, 6)}-Aa1`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Nova Seller');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill('Different-1a');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // The code: cognito-local keeps it (the screen tells a person running locally where).
    await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
    expect(await page.getByTestId('local-code-hint').textContent()).toContain('cognito-local');
    await page.getByLabel('Confirmation code').fill('000000');
    await page.getByRole('button', { name: 'Confirm and Continue' }).click();
    await page.getByText('That code is not right.').waitFor();
    // The refused code is cognito-local's 400 in the console: expected, and the only error this test allows.
    expect(errors.splice(0)).toEqual([expect.stringContaining('400')]);
    await page.getByLabel('Confirmation code').fill(await confirmationCode(email));
    await page.getByRole('button', { name: 'Confirm and Continue' }).click();

    // No plan yet: any other screen sends the seller back to choose one.
    await page.waitForURL('**/signup-package');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await page.goto('/orders');
    await page.waitForURL('**/signup-package');
    await page.getByTestId(plans).getByLabel('Choose Growth').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/payment?**');
    await page.getByLabel('First name').fill('Nova');
    await page.getByLabel('Last name').fill('Seller');
    await page.getByLabel('Name on card').fill('Nova Seller');
    await page.getByLabel('Card number').fill(SANDBOX_CARDS.success);
    await page.getByLabel('Expiration (MM/YY)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Billing address').fill('500 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP').fill('78701');
    // The button says what is charged today: a seller with no plan pays the chosen plan's first month.
    await page.getByRole('button', { name: /^Pay \$\d+\.\d\d and Start Growth$/ }).click();

    await page.waitForURL('**/activate');
    await expect.poll(() => ringPercent(page), WAIT).toBe('Account setup: 17%');

    // The banner shows below 100 everywhere but /activate; Continue Setup comes back here.
    await page.goto('/customers');
    const banner = page.getByTestId('onboarding-banner');
    await banner.waitFor();
    expect(await banner.getByRole('img').getAttribute('aria-label')).toBe('Account setup: 17%');
    await banner.getByRole('link', { name: 'Continue Setup' }).click();
    await page.waitForURL('**/activate');

    // Business name, personalization and return address, where they belong: /settings#business.
    await page.getByRole('link', { name: 'Add: Business name' }).click();
    await page.waitForURL('**/settings#business');
    const business = page.getByTestId('settings-business');
    await business.getByLabel('Business name').fill('Nova Goods');
    await business.getByLabel('Main colour').fill('#2a9d8f');
    await business.getByLabel('Name', { exact: true }).fill('Nova Goods');
    await business.getByLabel('Address', { exact: true }).fill('500 Congress Ave');
    await business.getByLabel('City').fill('Austin');
    await business.getByLabel('State').fill('TX');
    await business.getByLabel('ZIP').fill('78701');
    await business.getByRole('button', { name: 'Save' }).click();
    await business.getByText('Settings saved.').waitFor();
    await expect.poll(() => page.getByTestId('onboarding-banner').getByRole('img').getAttribute('aria-label'), WAIT).toBe('Account setup: 67%');

    // A platform, in the integrations section.
    await page.goto('/settings#integration');
    const paypal = page.getByTestId('integration-paypal');
    await paypal.getByRole('button', { name: 'Connect PayPal' }).click();
    await paypal.getByText('Connected', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('onboarding-banner').getByRole('img').getAttribute('aria-label'), WAIT).toBe('Account setup: 84%');

    // The UPS account, on /activate; at 100 the page says so and onboarding-complete is emitted once.
    await page.getByTestId('onboarding-banner').getByRole('link', { name: 'Continue Setup' }).click();
    await page.waitForURL('**/activate');
    await page.evaluate(() => {
      const w = window as unknown as { completions: number };
      w.completions = 0;
      window.addEventListener('onboarding-complete', () => {
        w.completions += 1;
      });
    });
    await page.getByPlaceholder('UPS account number').fill('12');
    await page.getByRole('button', { name: 'Link UPS Account' }).click();
    await page.getByText('Enter your 6-character UPS account number.').waitFor();
    await page.getByPlaceholder('UPS account number').fill('a1b2c3');
    await page.getByRole('button', { name: 'Link UPS Account' }).click();
    await expect.poll(() => ringPercent(page), WAIT).toBe('Account setup: 100%');
    await page.getByText('Your account is set up.').waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { completions: number }).completions), WAIT).toBe(1);

    await page.goto('/customers');
    await page.getByRole('heading', { name: 'Customers' }).waitFor();
    expect(await page.getByTestId('onboarding-banner').count()).toBe(0);
    await screenshot(page, `getting-started-${name.replace(' ', '')}.png`);

    const profile = await getSellerProfile(await sellerIdOf(email));
    expect(profile).toMatchObject({ package: 'growth', businessName: 'Nova Goods', upsAccountNumber: 'A1B2C3' });
    expect(errors).toEqual([]);
  });
});

async function sellerIdOf(email: string): Promise<string> {
  const user = await storedUser(email);
  const sub = user?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`no user ${email}`);
  return sub;
}

describe('forgot password', () => {
  it('at 1280 px: a code by email resets the password, and the new one signs in', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await open(DESKTOP);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The screen is loaded on first visit: sign-in stays until it is drawn.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(seller.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Code').waitFor();
    const fresh = `Reset-${randomUUID().slice(0, 6)}-Aa1`;
    await page.getByLabel('Code').fill(await confirmationCode(seller.email));
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login?reset=1');
    await page.getByText('Your password has been reset.').waitFor();

    await fillLogin(page, seller.email, seller.password);
    await page.getByTestId('login-error').waitFor();
    await fillLogin(page, seller.email, fresh);
    await page.waitForURL((url) => url.pathname !== '/login');
  });

  it('at 375 px: change password in /settings#account checks the current one', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await open(PHONE);
    await page.goto('/login?next=%2Fsettings%23account');
    await fillLogin(page, seller.email, seller.password);
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    const fresh = `Change-${randomUUID().slice(0, 6)}-Aa1`;
    await page.getByLabel('Current password').fill('Wrong-password-1');
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your current password is not right.').waitFor();
    await page.getByLabel('Current password').fill(seller.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
  });
});

describe('/activate at 375 px', () => {
  it("each step's number stands beside its title, not on a line of its own", async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await open(PHONE);
    await page.goto('/login?next=%2Factivate');
    await fillLogin(page, seller.email, seller.password);
    const steps = page.getByTestId('onboarding-steps').locator('li');
    await steps.first().waitFor();
    expect(await steps.count()).toBe(6);
    for (const step of await steps.all()) {
      const box = await step.boundingBox();
      const title = await step.locator('.fw-semibold').first().boundingBox();
      // The number is the item's first line: the title starts on it, within the item's top padding.
      expect(title && box && title.y - box.y).toBeLessThan(16);
      // A step's button ("Set Up") keeps its words on one line.
      const action = step.getByRole('link');
      if (await action.count()) expect((await action.boundingBox())?.height).toBeLessThan(40);
    }
    await screenshot(page, 'activate-375.png');
  });
});
