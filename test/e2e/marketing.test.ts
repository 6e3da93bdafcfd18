import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, fillLogin, PHONE, screenshot, signInAs } from './browser.js';

/** /marketing and /ambassadors in Chromium (issue 15), each as a new growth seller of its own. */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
const dialog = (page: Page) => page.getByRole('dialog');

/** A 1x1 PNG. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** No horizontal scrolling at this width: the screen fits. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('marketing at %s px', (label, viewport) => {
  it('saves a template with a preview and sees it listed', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/marketing');
    const list = page.getByTestId('templates-list');
    await list.getByText('FollowUpEmail').waitFor();

    await page.getByRole('button', { name: 'New Template' }).click();
    const editor = dialog(page);
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await editor.getByText('Template name is required.').waitFor();
    await editor.getByLabel('Template name').fill(`Holiday ${label}`);
    await editor.getByLabel('Subject').fill('Happy holidays, {{firstName}}!');
    await editor.getByLabel('Message').fill('Thanks for order {{orderNumber}}.\n');
    await editor.getByRole('button', { name: "Seller's name" }).click();
    // The preview fills the merge fields with the sample values, as the sent email fills them with the order's.
    const preview = editor.getByTestId('template-preview');
    await poll(() => preview.textContent()).toContain('Happy holidays, Jamie!');
    expect(await preview.textContent()).toContain('Thanks for order #1042.');
    expect(await preview.textContent()).toContain('Your shop');
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await poll(() => page.getByTestId('marketing-notice').textContent()).toContain(`Template Holiday ${label} saved.`);
    await list.getByText(`Holiday ${label}`).waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, `marketing-templates-${label}.png`);
    expect(errors).toEqual([]);
  });

  it('takes an image into the message once a refused file is followed by an image', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/marketing');
    await page.getByTestId('templates-list').getByText('FollowUpEmail').waitFor();
    await page.getByRole('button', { name: 'New Template' }).click();
    const editor = dialog(page);
    const chooser = editor.getByLabel(/Add an image/);
    await chooser.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await poll(() => editor.getByTestId('template-error').textContent()).toBe('Please choose a PNG, JPEG or GIF image.');
    await chooser.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await editor.getByText('Image uploaded: its address is in the message.').waitFor();
    expect(await editor.getByTestId('template-error').count()).toBe(0);
    expect(await editor.getByLabel('Message').inputValue()).toMatch(/email-images\/.+\.png/);
    // The preview shows the image itself, as the email's HTML part will, not its address.
    const shown = editor.getByTestId('template-preview').locator('img');
    await poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await editor.getByTestId('template-preview').textContent()).not.toContain('email-images/');
    // The refused file's 400 is the one failed request the browser reports.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('turns an automated email on, saves, and finds it on after a reload', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/marketing');
    await page.getByRole('tab', { name: 'Automated Emails' }).click();
    const form = page.getByTestId('automations-form');
    await form.waitFor();
    const shipped = form.locator('#automation-shipped');
    expect(await shipped.isChecked()).toBe(false);
    const shippedLabel = () => form.locator('label[for="automation-shipped"]').textContent();
    expect(await shippedLabel()).toBe('Off');
    await shipped.check();
    expect(await shippedLabel()).toBe('On');
    await form.getByLabel('Days after', { exact: true }).fill('10');
    await form.getByRole('button', { name: 'Save Automated Emails' }).click();
    await poll(() => page.getByTestId('automations-notice').textContent()).toContain('Automated emails saved.');

    await page.reload();
    await page.getByRole('tab', { name: 'Automated Emails' }).click();
    await page.getByTestId('automations-form').waitFor();
    expect(await page.locator('#automation-shipped').isChecked()).toBe(true);
    expect(await page.locator('#automation-delivered').isChecked()).toBe(false);
    expect(await page.getByLabel('Days after', { exact: true }).inputValue()).toBe('10');
    expect(await fits(page)).toBe(true);
    await screenshot(page, `marketing-automated-${label}.png`);
    expect(errors).toEqual([]);
  });

  it('shows the referral link and a seller who signed up through it as a pending recruit', async () => {
    const ambassador = await createTestSeller({ plan: 'growth' });
    const recruit = await createTestSeller({ plan: 'growth', businessName: `Recruit Shop ${label}` });

    // The recruit follows the link, signs in, and is recorded once signed in.
    const { page: recruitPage } = await open(viewport);
    await recruitPage.goto(`/signup?ref=${ambassador.sellerId}`);
    await recruitPage.waitForURL('**/login');
    const joined = recruitPage.waitForResponse((r) => r.url().includes('/api/ambassadors/join') && r.status() === 200);
    await fillLogin(recruitPage, recruit.email, recruit.password);
    await joined;
    await recruitPage.context().close();

    const { page, errors } = await open(viewport);
    await signInAs(page, ambassador, '/ambassadors');
    const link = page.locator('#referral-link');
    await poll(() => link.inputValue()).toMatch(new RegExp(`/signup\\?ref=${ambassador.sellerId}$`));
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    // innerText: what is shown (a table at 1280, cards at 375), not the other layout's hidden copy.
    await poll(() => page.getByTestId('table-recruits-pending').innerText()).toContain(`Recruit Shop ${label}`);
    await page.getByRole('tab', { name: 'Recruits Paid' }).click();
    await poll(() => page.getByTestId('table-recruits-paid').innerText()).toContain('No paid recruits yet.');
    expect(await fits(page)).toBe(true);
    await screenshot(page, `ambassadors-${label}.png`);
    expect(errors).toEqual([]);
  });
});
