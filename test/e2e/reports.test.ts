import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import type { ImportedOrder } from '../../functions/imports/imported-order.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signIn, signInAs } from './browser.js';

/** /reports, /homepage, /dashboard and /supplies in Chromium (issue 16), at 1280 and 375 px. */

const { open } = browserPerFile();

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const isoDay = (daysBack: number) => new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);

/**
 * A seller of its own with orders on three days through the import path (so the aggregates are the ones an import
 * keeps), one buyer named like a formula (the CSV must not run it), and a label's spend.
 */
async function seededSeller(): Promise<TestSeller> {
  const seller = await createTestSeller({ plan: 'growth' });
  const { upsertImportedOrders } = await import('../../functions/imports/upsert-orders.js');
  const { recordLabel } = await import('../../functions/reports/aggregates.js');
  const order = (n: number, daysBack: number, firstName: string, items: ImportedOrder['items']): ImportedOrder => {
    const total = items.reduce((s, i) => s + i.price * i.quantity, 0);
    return {
      source: 'csv',
      platformOrderId: `E2E-${n}`,
      orderNumber: `E2E-${n}`,
      orderDate: `${isoDay(daysBack)}T15:00:00.000Z`,
      status: 'unshipped',
      customer: { firstName, lastName: 'Buyer', email: `${firstName === 'Ada' ? 'ada' : `buyer${n}`}-${seller.sellerId.slice(0, 8)}@example.com` },
      items,
      subtotal: total,
      shipping: 0,
      tax: 0,
      total,
    };
  };
  await upsertImportedOrders(seller.sellerId, [
    order(1, 2, 'Ada', [{ name: 'Soy Candle', quantity: 3, price: 12, sku: 'SC-1' }]),
    order(2, 1, '=HYPERLINK("x")', [{ name: 'Wax Melt', quantity: 1, price: 5, sku: 'WM-1' }]),
    order(3, 0, 'Ada', [{ name: 'Soy Candle', quantity: 1, price: 12, sku: 'SC-1' }]),
  ]);
  await recordLabel(seller.sellerId, { createdAt: new Date().toISOString(), carrier: 'USPS', serviceName: 'Priority Mail', amountCents: 895 }, 1, {});
  return seller;
}

async function openReports(page: Page, seller: TestSeller) {
  await signInAs(page, seller, '/reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await page.getByLabel('From', { exact: true }).fill(isoDay(6));
  await page.getByLabel('To', { exact: true }).fill(isoDay(0));
  await poll(() => page.getByTestId('total-orders').textContent()).toBe('3');
}

/** Serious and critical WCAG 2 A/AA violations axe-core finds on the page, by rule and target. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** A chart is drawn once chart.js has loaded and painted its canvas. */
async function drawnCharts(page: Page): Promise<number> {
  return page.locator('canvas[data-drawn="true"]').evaluateAll((cs) => cs.filter((c) => (c as HTMLCanvasElement).width > 0).length);
}

async function download(page: Page, section: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`report-${section}`).getByRole('button', { name: 'Export CSV' }).click()]);
  expect(file.suggestedFilename()).toBe(`${section}.csv`);
  return readFile((await file.path())!, 'utf8');
}

for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const) {
  describe(`reports at ${label}`, () => {
    it('shows the range as charts and tables, by day and by week, and exports CSV with formula cells escaped', async () => {
      const seller = await seededSeller();
      const { page, errors } = await open(viewport);
      const chartCalls: string[] = [];
      page.on('request', (r) => {
        if (/chart/i.test(new URL(r.url()).pathname)) chartCalls.push(r.url());
      });
      await openReports(page, seller);
      expect(await page.getByTestId('total-sales').textContent()).toBe('$53.00');
      expect(await page.getByTestId('total-postage-spent').textContent()).toBe('$8.95');
      // Sales, top customers, top products, shipping: four charts; rewards had none in this range, so no chart.
      await poll(() => drawnCharts(page)).toBe(4);
      expect(chartCalls.length).toBeGreaterThan(0);
      const products = page.getByTestId('report-top-products').locator('tbody tr');
      expect(await products.first().textContent()).toContain('Soy Candle');
      expect(await page.getByTestId('report-rewards').textContent()).toContain('No rewards earned or redeemed in this range.');

      const sales = await download(page, 'sales');
      const lines = sales.trim().split('\r\n');
      expect(lines[0]).toBe('Period,Orders,Sales');
      expect(lines).toHaveLength(8); // seven days, each a row, empty ones as zeros
      expect(lines.slice(1).reduce((n, l) => n + Number(l.split(',')[1]), 0)).toBe(3);
      expect(lines).toContain(`${isoDay(2)},1,36.00`);

      const customers = await download(page, 'top-customers');
      expect(customers.split('\r\n')[0]).toBe('Customer,Orders,Sales');
      expect(customers).toContain('Ada Buyer,2,48.00');
      // The formula-like name is text: quoted (it holds a quote) and prefixed with '.
      expect(customers).toContain(`"'=HYPERLINK(""x"") Buyer",1,5.00`);

      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await page.getByRole('heading', { name: 'Sales by week' }).waitFor();
      const weekRows = await page.getByTestId('report-sales').locator('tbody tr').allTextContents();
      expect(weekRows.every((r) => r.startsWith('Week of '))).toBe(true);
      // A week the range cuts is named by its first day in the range, never by a day the report leaves out.
      const weekPeriods = (await download(page, 'sales')).trim().split('\r\n').slice(1).map((l) => l.split(',')[0] ?? '');
      expect(weekPeriods.every((day) => day >= isoDay(6) && day <= isoDay(0))).toBe(true);

      await screenshot(page, `reports-${viewport.width}.png`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('the homepage lists what needs the seller, each a link; the dashboard compares this month with last', async () => {
      const seller = await seededSeller();
      const { page, errors } = await open(viewport);
      await signInAs(page, seller, '/homepage');
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      const unshipped = page.getByTestId('todo-unshipped');
      await poll(() => unshipped.textContent()).toContain('3 orders are waiting to be shipped.');
      expect(await page.getByTestId('todo-postage').getByRole('link').getAttribute('href')).toBe('/settingsbilling');
      expect(await page.getByTestId('todo-setup').getByRole('link', { name: 'Continue Setup' }).getAttribute('href')).toBe('/activate');
      await screenshot(page, `homepage-${viewport.width}.png`);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await accessibilityProblems(page)).toEqual([]);
      // The link opens the orders waiting to be shipped, not every order (a delivered one is left out).
      await createOrder(seller.sellerId, {
        orderNumber: 'E2E-DLV',
        customerId: 'c-delivered',
        customerName: 'Del Ivered',
        orderDate: `${isoDay(0)}T16:00:00.000Z`,
        status: 'delivered',
        items: [{ name: 'Soy Candle', quantity: 1, price: 12 }],
        subtotal: 12,
        total: 12,
      });
      await unshipped.getByRole('link', { name: 'Ship orders' }).click();
      await page.waitForURL('**/orders?status=open');
      expect(await page.getByLabel('Status').inputValue()).toBe('open');
      const orders = page.getByTestId('table-orders');
      await poll(() => orders.locator('[data-row-id]:visible').count()).toBe(3);
      expect(await orders.textContent()).not.toContain('E2E-DLV');

      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await poll(() => page.getByTestId('month-shipments').textContent()).toContain('of 500 included');
      // The dashboard's chart is loaded and drawn when it comes near the viewport (below the fold on a phone).
      await page.locator('canvas[data-chart]').scrollIntoViewIfNeeded();
      await poll(() => drawnCharts(page)).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    });
  });
}

describe('the range', () => {
  it('asks for both dates when one is cleared, and for their order when they are inverted, as an alert', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const from = page.getByLabel('From', { exact: true });
    const to = page.getByLabel('To', { exact: true });
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
    const choose = alert('Choose a start and end date.');
    const inverted = alert('The start date must be on or before the end date.');

    await from.fill('');
    await choose.waitFor();
    expect(await inverted.count()).toBe(0);
    await from.fill(isoDay(0));
    await to.fill('');
    await choose.waitFor();

    await to.fill(isoDay(3));
    await inverted.waitFor();
    expect(await choose.count()).toBe(0);

    await to.fill(isoDay(0));
    await poll(() => page.getByTestId('total-orders').textContent()).toBe('0');
    expect(await choose.count()).toBe(0);
    expect(await inverted.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the demo seller', () => {
  it('reads its seeded half year as charts, and supplies link to the carrier', async () => {
    const { page, errors } = await open(DESKTOP);
    await signIn(page, '/login?next=%2Freports');
    await page.waitForURL('**/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(isoDay(200));
    await page.getByLabel('To', { exact: true }).fill(isoDay(0));
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await poll(async () => Number(await page.getByTestId('total-orders').textContent())).toBeGreaterThan(100);
    await page.getByRole('heading', { name: 'Sales by month' }).waitFor();
    // Sales, customers, products; other files may have bought labels or given rewards as the demo seller.
    await poll(() => drawnCharts(page)).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('report-top-customers').locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'reports-demo-1280.png');

    await page.goto('/supplies');
    await page.getByRole('heading', { name: 'Supplies', level: 1 }).waitFor();
    const links = page.getByRole('link', { name: /Order from USPS/ });
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\/store\.usps\.com\//);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    await page.getByRole('heading', { name: 'Label paper' }).waitFor();
    expect(errors).toEqual([]);
  });
});
