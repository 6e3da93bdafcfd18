import { describe, expect, it } from 'vitest';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, signInAs } from './browser.js';

/** /settings#business, #email and #shipping in Chromium: each section saves, shows it, and keeps it after a reload. */
const { open } = browserPerFile();

const noOverflow = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('/settings sections', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ])('at %s: the return address is checked, saved and kept; shipping defaults save', async (_, viewport) => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/settings#business');
    const business = page.getByTestId('settings-business');
    await business.getByLabel('Business name').fill('Sunny Crafts');
    await business.getByLabel('Name', { exact: true }).fill('Sunny Crafts');
    await business.getByLabel('Address', { exact: true }).fill('12 Oak Ave');
    await business.getByLabel('City').fill('Denver');
    await business.getByLabel('State').fill('CO');
    await business.getByLabel('ZIP').fill('10001');
    await business.getByRole('button', { name: 'Save' }).click();
    await business.getByText('ZIP 10001 is not in CO.').waitFor();
    await business.getByLabel('ZIP').fill('80202');
    await business.getByRole('button', { name: 'Save' }).click();
    await business.getByText('Settings saved.').waitFor();
    expect((await getSellerProfile(seller.sellerId))?.returnAddress).toMatchObject({ address1: '12 Oak Ave', zip: '80202' });
    expect(await noOverflow(page)).toBe(true);

    await page.goto('/settings#shipping');
    const shipping = page.getByTestId('settings-shipping');
    await shipping.getByLabel('Default service').selectOption('usps_priority');
    await shipping.getByLabel('Label format').selectOption('letter');
    await shipping.getByLabel('Weight (oz)').fill('12');
    await shipping.getByRole('button', { name: 'Save' }).click();
    await shipping.getByText('Settings saved.').waitFor();

    await page.reload();
    await expect.poll(() => page.getByTestId('settings-shipping').getByLabel('Label format').inputValue()).toBe('letter');
    await page.goto('/settings#business');
    expect(await page.getByTestId('settings-business').getByLabel('City').inputValue()).toBe('Denver');
    // The refused ZIP's 400 is the one failed request the browser reports.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('a starter seller sees automatic follow-up locked with the way to upgrade, and still saves the sender', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await open(DESKTOP);
    await signInAs(page, seller, '/settings#email');
    const email = page.getByTestId('settings-email');
    await email.getByText('Automatic follow-up is part of Growth and Executive.').waitFor();
    expect(await email.getByLabel('Send follow-up emails automatically').isDisabled()).toBe(true);
    await email.getByLabel('Sender name').fill('Sunny');
    await email.getByLabel('Reply-to address').fill('nope');
    await email.getByRole('button', { name: 'Save' }).click();
    await email.getByText('Enter a valid reply-to email address.').waitFor();
    await email.getByLabel('Reply-to address').fill('sunny@example.com');
    await email.getByRole('button', { name: 'Save' }).click();
    await email.getByText('Settings saved.').waitFor();
    expect(await getSellerProfile(seller.sellerId)).toMatchObject({ senderName: 'Sunny', replyTo: 'sunny@example.com' });
  });
});
