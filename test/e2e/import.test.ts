import { describe, expect, it } from 'vitest';
import { UPLOADS } from '../../infra/definitions.js';
import { EXPECTED_IMPORTS, type ExpectedImport, fixtureText } from '../imports/fixtures.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, fillLogin, screenshot } from './browser.js';

/** Import Orders on /orders in Chromium: a Shopify orders export through the whole CSV pipeline of the local cloud. */

const { open } = browserPerFile();

const SHOPIFY = Buffer.from(fixtureText('shopify-orders.csv'));
const EXPECTED = EXPECTED_IMPORTS['shopify-orders.csv'] as ExpectedImport;

describe('Import Orders at 1280 px', () => {
  it('imports a Shopify export with progress, lists its orders, and refuses the same file again', async () => {
    // A seller of their own: the list holds only what this file brings.
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(DESKTOP);
    await page.goto(`/login?next=${encodeURIComponent('/orders')}`);
    await fillLogin(page, seller.email, seller.password);
    await page.waitForURL('**/orders');
    await page.getByText('You have no orders yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Import Orders' }).click();
    const panel = page.locator('#import-orders-panel');
    await panel.getByText('Shopify orders export').waitFor();
    expect(await panel.getByTestId('import-orders-template').textContent()).toBe('Download our template');
    const download = page.waitForEvent('download');
    await panel.getByTestId('import-orders-template').click();
    expect((await download).suggestedFilename()).toBe('consultant-desk-orders-template.csv');

    // The file goes straight to S3 (a presigned POST), not through the API.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    const uploader = panel.getByTestId('csv-upload-upload-csvSync');
    const chooser = uploader.getByTestId('csv-upload-upload-csvSync-file');
    const file = { name: 'orders_export_1.csv', mimeType: 'text/csv', buffer: SHOPIFY };
    await chooser.setInputFiles(file);
    // Processing (with its progress bar) stays on screen at least 1500 ms, so the seller sees it.
    await uploader.getByRole('status').getByText('Processing', { exact: false }).waitFor();
    await uploader.getByRole('progressbar').waitFor();
    const done = uploader.getByTestId('csv-upload-upload-csvSync-done');
    await done.waitFor({ timeout: 30_000 });
    const summary = await done.textContent();
    expect(summary).toContain(`${EXPECTED.orders} orders imported`);
    for (const line of EXPECTED.badLines) expect(summary).toContain(`Line ${line}:`);
    await screenshot(page, 'import-orders-done-1280.png');
    expect(posts).toEqual(['/api/upload/presign', `/${UPLOADS.bucket}`]);

    // The list is read again: the imported orders are there, without reloading the page.
    const rows = page.locator('[data-testid="table-orders"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(EXPECTED.orders);
    expect(await page.locator('[data-testid="table-orders"] tbody').textContent()).toContain('Maria Lopez');

    // The same bytes again: the spec's duplicate message (the new job fails in the worker), nothing imported.
    await chooser.setInputFiles({ ...file, name: 'orders_export_1 (1).csv' });
    const error = uploader.getByTestId('csv-upload-upload-csvSync-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('A matching file has already been uploaded.');
    expect(await rows.count()).toBe(EXPECTED.orders);
    expect(errors).toEqual([]);
  });
});
