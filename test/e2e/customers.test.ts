import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoData } from '../../infra/local/demo-data.js';
import { until } from '../support/until.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signIn } from './browser.js';

/** The /customers screen in Chromium, as the demo seller (growth plan, 60 customers with orders). */

const { open } = browserPerFile();

async function openCustomers(viewport: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await open(viewport);
  await signIn(page, '/login?next=%2Fcustomers');
  await page.waitForURL('**/customers');
  await page.getByTestId('table-customers').waitFor();
  return { page, errors };
}

/** The demo customer with the most orders still to ship: the same on every machine (seeded data). */
function demoCustomerWithPendingOrders() {
  const { customers, orders } = demoData({ customers: 60, orders: 220, now: new Date() });
  const pending = (id: string) => orders.filter((o) => o.customerId === id && (o.status === 'pending' || o.status === 'unshipped')).length;
  const best = [...customers].sort((a, b) => pending(b.customerId) - pending(a.customerId))[0]!;
  return { ...best, orderCount: orders.filter((o) => o.customerId === best.customerId).length };
}

/** Polls long enough for a debounce plus a round trip on a busy machine. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

const search = (page: Page) => page.getByPlaceholder('Search by name, email or phone');
const notice = (page: Page) => page.getByTestId('customers-notice');
const dialog = (page: Page) => page.getByRole('dialog');

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.locator('.dropdown-menu.show').getByText(action, { exact: true }).click();
}

async function searchFor(page: Page, text: string) {
  await search(page).fill(text);
  // 500 ms debounce, then the answer
  await page.waitForResponse((r) => r.url().includes('/api/customers/search') && new URL(r.url()).searchParams.get('q') === text);
}

const visibleRows = (page: Page): Locator => page.locator('[data-testid="table-customers"] tbody tr');

describe('customers at 1280 px', () => {
  it('creates, finds, edits, merges, adjusts and deletes customers', async () => {
    const { page, errors } = await openCustomers(DESKTOP);

    // New customer with a bad email: the schema's message, then fixed and saved.
    await page.getByRole('button', { name: 'New Customer' }).click();
    const form = dialog(page);
    await form.getByLabel('First name').fill('Xanthe');
    await form.getByLabel('Last name').fill('Qwerty');
    await form.getByLabel('Email').fill('xanthe@');
    await form.getByRole('button', { name: 'Save Customer' }).click();
    await form.getByText('Please enter a valid email address.').waitFor();
    await form.getByLabel('Email').fill('xanthe@qwerty.test');
    await form.getByRole('button', { name: 'Save Customer' }).click();
    await poll(() => notice(page).textContent()).toContain('Xanthe Qwerty was added.');

    // Found by typing two letters.
    await searchFor(page, 'xa');
    await poll(() => visibleRows(page).count()).toBe(1);
    expect(await visibleRows(page).first().textContent()).toContain('xanthe@qwerty.test');

    // Edited.
    await rowAction(page, 'Xanthe Qwerty', 'Edit');
    await dialog(page).getByLabel('Phone').fill('(512) 555-0147');
    await dialog(page).getByRole('button', { name: 'Save Customer' }).click();
    await poll(() => notice(page).textContent()).toContain('Xanthe Qwerty was saved.');
    await poll(() => visibleRows(page).first().textContent()).toContain('(512) 555-0147');

    // Merge a demo customer (with orders) into it, picked with the typeahead by its email.
    const dup = demoCustomerWithPendingOrders();
    await rowAction(page, 'Xanthe Qwerty', 'Merge');
    const merge = dialog(page);
    const picker = merge.getByTestId('typeahead-merge-customer').getByRole('combobox');
    await picker.fill(dup.email.slice(0, 1));
    await page.waitForTimeout(800);
    expect(await merge.getByRole('listbox').count()).toBe(0); // nothing under 2 characters
    await picker.fill(dup.email.slice(0, 12));
    await merge.getByRole('listbox').getByText('Loading...').waitFor();
    await merge.getByRole('option', { name: new RegExp(`${dup.firstName} ${dup.lastName}`) }).click();
    await merge.getByRole('button', { name: /^Merge 1 into Xanthe Qwerty/ }).click();
    await poll(() => notice(page).textContent()).toContain('Customers were merged into Xanthe Qwerty.');
    // The details of the kept customer list the orders that moved.
    const details = dialog(page);
    await poll(() => details.locator('.modal-title').textContent()).toBe('Xanthe Qwerty');
    await poll(() => details.locator('[data-testid="table-customer-orders"] tbody tr').count()).toBe(dup.orderCount);
    await screenshot(page, 'customers-merged-details-1280.png');
    await details.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

    // Typeahead says when nothing matches.
    await rowAction(page, 'Xanthe Qwerty', 'Merge');
    await dialog(page).getByTestId('typeahead-merge-customer').getByRole('combobox').fill('zzqq');
    await dialog(page).getByRole('listbox').getByText('No results').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Points: a bad adjustment is refused with the rule's words, a good one is saved.
    await rowAction(page, 'Xanthe Qwerty', 'Adjust Points');
    const rewards = dialog(page);
    const current = Number(await rewards.getByTestId('current-points').textContent());
    await rewards.getByLabel(/Points to add/).fill(String(-(current + 1)));
    await rewards.getByRole('button', { name: 'Save Adjustment' }).click();
    await rewards.getByText('The rewards balance cannot go below 0.').waitFor();
    // To a balance of one: one point, in the singular.
    await rewards.getByLabel(/Points to add/).fill(String(1 - current));
    await rewards.getByText('New balance: 1 point', { exact: true }).waitFor();
    await rewards.getByRole('button', { name: 'Save Adjustment' }).click();
    await poll(() => notice(page).textContent()).toContain('Xanthe Qwerty now has 1 point.');

    // Deleting a customer with pending orders fails and says why.
    await rowAction(page, 'Xanthe Qwerty', 'Delete');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await dialog(page).getByText('This customer has pending orders and cannot be deleted.', { exact: false }).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // A customer without pending orders is deleted.
    await page.getByRole('button', { name: 'New Customer' }).click();
    await dialog(page).getByLabel('First name').fill('Yvonne');
    await dialog(page).getByLabel('Last name').fill('Zapp');
    await dialog(page).getByRole('button', { name: 'Save Customer' }).click();
    await poll(() => notice(page).textContent()).toContain('Yvonne Zapp was added.');
    await searchFor(page, 'yvonne z');
    await poll(() => visibleRows(page).count()).toBe(1);
    await rowAction(page, 'Yvonne Zapp', 'Delete');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await poll(() => notice(page).textContent()).toContain('Yvonne Zapp was deleted.');
    await page.getByTestId('table-empty').getByText('No customers match "yvonne z".').waitFor();

    expect(errors.filter((e) => !e.includes('409') && !e.includes('400'))).toEqual([]);
  });

  it("shows 'Searching...' while a search is under way, sorts by a header and pages 20 at a time", async () => {
    const { page } = await openCustomers(DESKTOP);
    await poll(() => visibleRows(page).count()).toBe(20);
    await poll(() => page.getByRole('navigation', { name: 'Pages' }).getByRole('button').count()).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true }).click();
    await poll(() => visibleRows(page).count()).toBeGreaterThan(0);

    // The search answer is held until the test has seen 'Searching...', however slow the machine.
    let seenSearching = false;
    await page.route('**/api/customers/search**', async (route) => {
      await until("the test to see 'Searching...'", () => (seenSearching ? true : undefined), { timeoutMs: 10_000, intervalMs: 50 });
      await route.continue();
    });
    await search(page).fill('ol');
    await page.getByTestId('table-empty').getByText('Searching...').waitFor();
    seenSearching = true;
    await poll(() => visibleRows(page).count()).toBeGreaterThan(0);
    await page.unroute('**/api/customers/search**');

    const header = page.getByRole('columnheader', { name: /Reward Points/ });
    const points = async () => (await page.locator('[data-testid="table-customers"] tbody tr td:nth-child(5)').allTextContents()).map(Number);
    const sorted = (values: number[], dir: string | null) => [...values].sort((a, b) => (dir === 'ascending' ? a - b : b - a));
    for (let click = 0; click < 2; click++) {
      await header.getByRole('button').click();
      const dir = await header.getAttribute('aria-sort');
      expect(['ascending', 'descending']).toContain(dir);
      const values = await points();
      expect(values).toEqual(sorted(values, dir));
    }
  });
});

describe('customer CSV upload at 1280 px', () => {
  it('imports the good rows, reports a bad one by its line, and refuses the same file twice', async () => {
    const { page, errors } = await openCustomers(DESKTOP);
    const csv = [
      'First Name,Last Name,Email,Phone,Address,City,State,Zip,Birthday',
      'Quillon,Brightwater,quillon@brightwater.test,(512) 555-0190,12 Elm St,Austin,TX,78701,04/12',
      'Rosalind,Brightwater,not-an-email,,,,,,',
      'Sefton,Brightwater,sefton@brightwater.test,,,,,,',
    ].join('\n');
    const file = { name: 'brightwater.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    // The columns and a template come first, as on the orders upload (issue 17).
    await page.getByRole('button', { name: 'Import Customers' }).click();
    const columns = page.getByTestId('import-customers-columns');
    expect(await columns.textContent()).toContain('First Name (required)');
    expect(await page.getByTestId('import-customers-template').textContent()).toBe('Download our template');
    const uploader = page.getByTestId('csv-upload-customers-upload');
    const chooser = uploader.getByTestId('csv-upload-customers-upload-file');

    await chooser.setInputFiles(file);
    // Processing stays on screen at least 1500 ms, so the seller sees it even for a small file.
    await uploader.getByRole('status').waitFor();
    const done = uploader.getByTestId('csv-upload-customers-upload-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain('2 customers added');
    expect(await done.textContent()).toContain('Line 3: Please enter a valid email address.');

    // The good rows are customers now, and the list shows them.
    await searchFor(page, 'brightwater');
    await poll(() => visibleRows(page).count()).toBe(2);
    expect(await page.locator('[data-testid="table-customers"] tbody').textContent()).not.toContain('Rosalind');

    // The same bytes again: the spec's duplicate message, nothing imported.
    await chooser.setInputFiles(file);
    const error = uploader.getByTestId('csv-upload-customers-upload-error');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('A matching file has already been uploaded.');

    // Over the cap: refused before anything is sent (S3 would refuse it too: the signed POST's size range).
    await uploader.getByRole('button', { name: 'Close alert' }).click();
    await chooser.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(10_000_001, 'a') });
    await error.waitFor();
    expect(await error.textContent()).toContain('The file is larger than 10 MB.');
    expect(errors).toEqual([]);
  });
});

describe('customers at 375 px', () => {
  it('shows cards instead of a table', async () => {
    const { page, errors } = await openCustomers(PHONE);
    const cards = page.locator('.data-table-card');
    await poll(() => cards.count()).toBe(20);
    expect(await cards.first().isVisible()).toBe(true);
    expect(await page.locator('[data-testid="table-customers"] table').isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, 'customers-375.png');
    // The row menu works on a card.
    const name = (await cards.first().locator('dd').first().textContent()) ?? '';
    await rowAction(page, name, 'Details');
    await dialog(page).getByRole('heading', { name: 'Orders' }).waitFor();
    await screenshot(page, 'customer-details-375.png');
    await dialog(page).locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

    // The form fits the phone too, and its messages are the server's.
    await page.getByRole('button', { name: 'New Customer' }).click();
    await dialog(page).getByRole('button', { name: 'Save Customer' }).click();
    await dialog(page).getByText('First name is required.').waitFor();
    await dialog(page).getByText('Last name is required.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'customer-form-375.png');
    expect(errors).toEqual([]);
  });
});
