import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * The Discounts tab of /marketing in Chromium (issue 15): a seller's running discounts listed, one edited in the
 * Edit Discount modal, another ended after the confirmation, and found among the ended ones.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

const candle = { id: 'candle', name: 'Soy Candle' };

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('marketing discounts at %s px', (width, viewport) => {
  it('lists the discounts, edits one and ends another with the confirmation', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    for (const name of ['Candle Day', 'Spring Sale']) {
      const saved = await seller.api('POST', '/discounts/save', { body: { name, type: 4, isPercent: true, amount: 10, continuous: true, items: [candle] } });
      expect(saved.status).toBe(200);
    }
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/marketing');
    await page.getByRole('tab', { name: 'Discounts' }).click();
    const panel = page.getByTestId('discounts-panel');
    const rows = panel.getByTestId('discount-row');
    await poll(() => rows.count()).toBe(2);
    expect(page.url()).toContain('#discounts');

    // Edit: the modal opens with the discount's values; the new name and amount show in the list.
    await panel.getByRole('button', { name: 'Edit Candle Day' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Discount' });
    expect(await modal.getByLabel('Discount name').inputValue()).toBe('Candle Day');
    await modal.getByLabel('Discount name').fill('Candle Week');
    await modal.getByLabel('Amount', { exact: true }).fill('15');
    await modal.getByRole('button', { name: 'Save Discount' }).click();
    await poll(() => modal.count()).toBe(0);
    await poll(() => rows.filter({ hasText: 'Candle Week' }).textContent()).toContain('15% off');
    expect(await rows.filter({ hasText: 'Candle Day' }).count()).toBe(0);

    // End: asked first; Cancel keeps it, End Discount ends it.
    await panel.getByRole('button', { name: 'End Spring Sale' }).click();
    const confirm = page.getByRole('dialog', { name: 'End Discount' });
    await confirm.getByText('End Spring Sale?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => confirm.count()).toBe(0);
    expect(await rows.filter({ hasText: 'Spring Sale' }).count()).toBe(1);
    await panel.getByRole('button', { name: 'End Spring Sale' }).click();
    await confirm.getByRole('button', { name: 'End Discount' }).click();
    await poll(() => confirm.count()).toBe(0);
    await poll(() => rows.count()).toBe(1);
    await poll(() => panel.getByTestId('ended-discounts').textContent()).toContain('Spring Sale');

    // The tab is where a link with its hash lands.
    await page.goto('/marketing#discounts');
    await poll(() => page.getByTestId('discount-row').count()).toBe(1);
    await screenshot(page, `marketing-discounts-${width}.png`);
    const width375 = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width375).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
  });
});
