import { describe, expect, it } from 'vitest';
import { orderEntity } from '../../functions/data/entities.js';
import { fixtureText } from '../imports/fixtures.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * Issue 19 in Chromium: an orders file whose dates read two ways (05/03/2024: 5 March or May 3) is not imported
 * until the seller says which order its dates are in; the answer decides the dates stored.
 */

const { open } = browserPerFile();

const HEADER = fixtureText('template-orders.csv').split('\n')[0] as string;
const fileOf = (tag: string) =>
  Buffer.from(
    `${HEADER}\n${tag}-1,05/03/2024,unshipped,Ada,Example,ada.${tag}@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,1,10.00,0,0,10.00\n` +
      `${tag}-2,04/06/2024,unshipped,Bo,Example,bo.${tag}@example.com,,,2 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,1,10.00,0,0,10.00\n`,
  );

async function storedDates(sellerId: string) {
  const { data } = await orderEntity().query.byDate({ sellerId }).go({ pages: 'all' });
  return Object.fromEntries(data.map((o) => [o.orderNumber, o.orderDate.slice(0, 10)]));
}

describe.each([
  { viewport: DESKTOP, width: 1280, choice: 'Day first', expected: { 'D-1': '2024-03-05', 'D-2': '2024-06-04' }, tag: 'D' },
  { viewport: PHONE, width: 375, choice: 'Month first', expected: { 'M-1': '2024-05-03', 'M-2': '2024-04-06' }, tag: 'M' },
])('Import Orders with dates that read two ways at $width px', ({ viewport, width, choice, expected, tag }) => {
  it(`asks which order the dates are in, and imports them as the seller answers (${choice})`, async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/orders');
    await page.getByText('You have no orders yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Import Orders' }).click();
    const panel = page.locator('#import-orders-panel');
    await panel.getByText('Square transactions export').waitFor();
    const uploader = panel.getByTestId('csv-upload-upload-csvSync');
    await uploader.getByTestId('csv-upload-upload-csvSync-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: fileOf(tag) });

    const question = uploader.getByTestId('csv-date-order');
    await question.waitFor({ timeout: 30_000 });
    expect(await question.textContent()).toContain('such as 05/03/2024');
    expect(await storedDates(seller.sellerId)).toEqual({});
    const send = question.getByRole('button', { name: 'Import with these dates' });
    expect(await send.isDisabled()).toBe(true);
    await question.getByLabel(choice, { exact: false }).check();
    await screenshot(page, `import-dates-question-${width}.png`);
    await send.click();

    const done = uploader.getByTestId('csv-upload-upload-csvSync-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain('2 orders imported');
    expect(await storedDates(seller.sellerId)).toEqual(expected);
    expect(errors).toEqual([]);
  });
});

describe('An imported date-only Order Date seen from a US time zone', () => {
  it('shows 11/22/2026 in America/Chicago for a file that says 11/22/2026 (stored as its UTC midnight)', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(DESKTOP, { timezoneId: 'America/Chicago' });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Chicago');
    await signInAs(page, seller, '/orders');
    await page.getByText('You have no orders yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Import Orders' }).click();
    const uploader = page.locator('#import-orders-panel').getByTestId('csv-upload-upload-csvSync');
    const file = `${HEADER}\nTZ-1,11/22/2026,unshipped,Ada,Example,ada.tz@example.com,,,1 Main St,,Austin,TX,78701,US,SKU-1,Soy Candle,1,10.00,0,0,10.00\n`;
    await uploader.getByTestId('csv-upload-upload-csvSync-file').setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const done = uploader.getByTestId('csv-upload-upload-csvSync-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain('1 order imported');
    expect(await storedDates(seller.sellerId)).toEqual({ 'TZ-1': '2026-11-22' });

    await page.goto('/orders');
    const row = page.getByRole('row').filter({ hasText: 'TZ-1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('11/22/2026');
    expect(await row.textContent()).not.toContain('11/21/2026');
    await screenshot(page, 'import-dates-chicago.png');
    expect(errors).toEqual([]);
  });
});
