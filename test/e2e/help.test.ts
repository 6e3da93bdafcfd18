import { S3Client } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/api/messages.js';
import { STATUS } from '../../infra/definitions.js';
import { updateStatus } from '../../scripts/status.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, signInAs } from './browser.js';

/**
 * /help and the banners in Chromium. The feed and the version are written as ops write them (scripts/status.ts)
 * into this run's local cloud; the browser's clock is driven (page.clock) so the 60 s and 300000 ms polls happen now.
 */

const { open } = browserPerFile();
const s3 = new S3Client({ region: process.env.AWS_REGION ?? 'us-east-1', forcePathStyle: true });

afterAll(async () => {
  // Other browser test files share this cloud: leave no outage and no What's New dot behind.
  await updateStatus(s3, STATUS.bucket, { clearOutage: true, clearRelease: true });
});

/** Opens /help as a fresh seller with the browser clock installed (time flows until a test moves it). */
async function helpAs(viewport: { width: number; height: number }, plan: 'starter' | 'growth' | 'executive', hash = '') {
  const seller = await createTestSeller({ plan });
  const { page, errors } = await open(viewport);
  await page.clock.install();
  await signInAs(page, seller, `/help${hash}`);
  await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
  return { page, errors, seller };
}

const feedAnswered = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/status/feed') && r.ok());

for (const [name, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  describe(`help and banners at ${name}`, () => {
    it('shows the outage notice with more info while the feed has one, then a success notice for 30 s', async () => {
      const { page, errors } = await helpAs(viewport, 'starter');
      const outage = `Label purchases are delayed (${name}).`;
      await updateStatus(s3, STATUS.bucket, { outage });
      let answered = feedAnswered(page);
      await page.clock.fastForward(61_000);
      await answered;
      const notice = page.getByTestId('outage-notice');
      await notice.getByText(outage).waitFor();
      expect(await notice.getByRole('link', { name: 'Click here for more info' }).getAttribute('href')).toBe('/help#service-status');

      await updateStatus(s3, STATUS.bucket, { clearOutage: true });
      answered = feedAnswered(page);
      await page.clock.fastForward(61_000);
      await answered;
      await page.getByTestId('outage-resolved').waitFor();
      expect(await notice.count()).toBe(0);
      await page.clock.fastForward(31_000);
      await expect.poll(() => page.getByTestId('outage-resolved').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it('shows the update banner when the deployed version changes, and clicking it reloads', async () => {
      await updateStatus(s3, STATUS.bucket, { version: `e2e-${name}-1` });
      const { page, errors } = await helpAs(viewport, 'starter');
      const first = page.waitForResponse((r) => r.url().endsWith('/api/status') && r.ok());
      await page.clock.fastForward(20_000);
      await first;
      expect(await page.getByTestId('update-banner').count()).toBe(0);

      await updateStatus(s3, STATUS.bucket, { version: `e2e-${name}-2` });
      await page.clock.fastForward(300_000);
      const banner = page.getByTestId('update-banner');
      await banner.waitFor();
      const loaded = page.waitForEvent('load');
      await banner.click();
      await loaded;
      await page.getByRole('heading', { name: 'Help', exact: true }).waitFor();
      expect(await page.getByTestId('update-banner').count()).toBe(0);
      expect(errors).toEqual([]);
    });

    it("shows the What's New dot for a newer release until What's New is read", async () => {
      await updateStatus(s3, STATUS.bucket, { release: '2099-01-01' });
      const { page } = await helpAs(viewport, 'starter');
      await page.getByRole('link', { name: /What's New/ }).first().waitFor();
      await expect.poll(() => page.getByRole('link', { name: "What's New new" }).count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: "What's New new" }).first().click();
      await expect.poll(() => page.getByRole('img', { name: 'new' }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('whatsNewRelease'))).toBe('2099-01-01');
    });

    it("the help center's articles are styled as an accordion: one opens at a time, full width", async () => {
      const { page, errors } = await helpAs(viewport, 'starter');
      const articles = page.getByTestId('help-articles');
      const headers = articles.locator('.accordion-button');
      await headers.first().waitFor();
      // Bootstrap's accordion styles are built in: a header is a full-width flex row, not the browser's grey button.
      const style = await headers.first().evaluate((b) => {
        const s = getComputedStyle(b);
        return { display: s.display, width: b.getBoundingClientRect().width, holder: b.parentElement!.getBoundingClientRect().width };
      });
      expect(style.display).toBe('flex');
      expect(style.width).toBeGreaterThanOrEqual(style.holder - 1);
      await headers.nth(1).click();
      await expect.poll(() => articles.locator('.accordion-collapse.show').count()).toBe(1);
      expect(errors).toEqual([]);
    });

    it('at 23:00 UTC live chat is closed and prompts a ticket, which is sent and confirmed', async () => {
      const { page, errors } = await helpAs(viewport, 'executive', '#chat');
      // Yesterday 23:00 UTC: before the sign-in's token was issued, so the app still holds it as valid.
      const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
      yesterday.setUTCHours(23, 0, 0, 0);
      await page.clock.setFixedTime(yesterday);
      await page.getByRole('button', { name: 'Start Live Chat' }).click();
      const closed = page.getByTestId('support-closed');
      await closed.getByText(MESSAGES.supportClosed).waitFor();
      await closed.getByRole('button', { name: 'Open a Ticket' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ticket-subject');
      await page.getByLabel('Subject').fill('Chat was closed');
      await page.locator('#ticket-message').fill('Please call me back about my labels.');
      await page.getByRole('button', { name: 'Send Ticket' }).click();
      await page.getByTestId('ticket-received').getByText(MESSAGES.ticketReceived).waitFor();
      expect(errors).toEqual([]);
    });

    it('gives a growth seller the Upgrade Required dialog for phone support: Cancel closes it, Upgrade Now goes to /upgrade', async () => {
      const { page, errors } = await helpAs(viewport, 'growth', '#phone');
      await page.getByRole('button', { name: 'Schedule a Call' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade Required' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.getByLabel('Phone number').count()).toBe(0);
      await page.getByRole('button', { name: 'Schedule a Call' }).click();
      await dialog.getByRole('button', { name: 'Upgrade Now' }).click();
      await page.waitForURL('**/upgrade');
      expect(errors).toEqual([]);
    });
  });
}

describe('a 403 Upgrade Required from the server', () => {
  it('opens the same dialog instead of a line of red text', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await open(DESKTOP);
    await signInAs(page, seller, '/marketing');
    await page.getByRole('tab', { name: 'Automated Emails' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade Required' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('.alert-danger', { hasText: 'Upgrade Required' }).count()).toBe(0);
  });
});
