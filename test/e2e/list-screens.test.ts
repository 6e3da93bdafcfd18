import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { shippingSeller } from '../shipping/support.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signIn, signInAs } from './browser.js';

/**
 * Issue 17 across the list screens (a seller of its own with a customer, an order and a rewards program; the demo
 * seller, unchanged, for the report tables): one hierarchy on every list screen, no table wider than a phone.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** A list screen and what its first row is (a table row or card, a list entry, or the empty state). */
const LIST_SCREENS = [
  { path: '/orders', title: 'Orders' },
  { path: '/customers', title: 'Customers' },
  { path: '/rewards', title: 'Rewards' },
  { path: '/marketing', title: 'Marketing' },
  { path: '/marketing#discounts', title: 'Marketing' },
  { path: '/ambassadors', title: 'Ambassadors' },
  { path: '/paymentHistory', title: 'Payment History' },
] as const;

/** Screens with a table, besides the list screens. */
const TABLE_SCREENS = ['/reports', '/upgrade'] as const;

const usToday = () => {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

const FIRST_ROW = '[data-row-id]:visible, .list-group-item:visible, [data-testid="table-empty"]:visible, [data-testid="list-empty"]:visible';

async function goTo(page: Page, path: string, title: string) {
  await page.goto(path);
  await page
    .getByRole('heading', { name: title, level: 1 })
    .waitFor({ timeout: 30_000 })
    .catch(async (e: Error) => {
      await screenshot(page, `list${path.replace(/[/#]/g, '-')}-375-failed.png`);
      throw e;
    });
}

/** What makes a phone scroll sideways: the page wider than the screen, or any table wider than it. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const wideTables = [...document.querySelectorAll('table')]
      // Wider than the screen, past its right edge, or wider than the box that holds it (a region scrolling sideways).
      .filter((t) => {
        if (t.getClientRects().length === 0) return false;
        const box = t.getBoundingClientRect();
        const holder = t.parentElement;
        return box.width > window.innerWidth || box.right > window.innerWidth + 0.5 || (holder !== null && holder.scrollWidth > holder.clientWidth + 0.5);
      })
      .map((t) => t.getAttribute('aria-label') ?? t.getAttribute('data-testid') ?? 'a table');
    return { pageWider: root.scrollWidth > root.clientWidth, wideTables };
  });
}

describe('every list screen at 375 px', () => {
  it('has one primary action at most in its header and its first row within the first screen', async () => {
    const seller = await shippingSeller(0, 'growth');
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Lou', lastName: 'Lister', country: 'US' } });
    expect(saved.status).toBe(200);
    await createOrder(seller.sellerId, {
      orderNumber: 'L-1',
      customerId: saved.json.customerID,
      customerName: 'Lou Lister',
      orderDate: new Date().toISOString(),
      items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
      subtotal: 10,
      total: 10,
      status: 'unshipped',
    });
    const started = await seller.api('POST', '/rewards/savesettings', {
      body: { startDate: usToday(), goalCount: 5, goalType: 'items', rewardText: 'Free scarf', icon: 'star', sendRewardsEmail: false },
    });
    expect(started.status).toBe(200);
    const { page, errors } = await open(PHONE);
    await signInAs(page, seller, '/orders');
    for (const { path, title } of LIST_SCREENS) {
      await goTo(page, path, title);
      const header = page.getByTestId('list-header');
      await header.waitFor().catch((e: Error) => Promise.reject(new Error(`${path}: ${e.message}`)));
      expect(await header.locator('.btn-primary').count(), path).toBeLessThanOrEqual(1);
      // The rows may be drawn again once loaded: measure whatever stands first when it settles.
      const bottom = async () => {
        const box = await page.locator(FIRST_ROW).first().boundingBox({ timeout: 1000 }).catch(() => null);
        return box ? box.y + box.height : Number.POSITIVE_INFINITY;
      };
      await expect
        .poll(bottom, { timeout: 15_000, message: `${path}: the first row ends within the first screen` })
        .toBeLessThanOrEqual(PHONE.height)
        .catch(async (e: Error) => {
          await screenshot(page, `list${path.replace(/[/#]/g, '-')}-375-failed.png`);
          throw e;
        });
      expect(await overflow(page), path).toEqual({ pageWider: false, wideTables: [] });
      await screenshot(page, `list${path.replace(/[/#]/g, '-')}-375.png`);
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('scrolls no table sideways on the other table screens', async () => {
    const { page, errors } = await open(PHONE);
    await signIn(page, '/login?next=%2Freports');
    await page.waitForURL('**/reports');
    for (const path of TABLE_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('table').first().waitFor({ state: 'attached' });
      expect(await overflow(page), path).toEqual({ pageWider: false, wideTables: [] });
    }
    // The report tables are cards on a phone: every figure of a row readable without scrolling sideways.
    await page.goto('/reports');
    const card = page.getByTestId('report-top-customers').locator('.data-table-card:visible').first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Customer.*Orders.*Sales/);
    expect(await page.getByTestId('report-top-customers').locator('table:visible').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('the orders table on a laptop', () => {
  it('at 1280 px shows every column and each row\'s Actions without scrolling sideways', async () => {
    const seller = await shippingSeller(0, 'growth');
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Maximiliana', lastName: 'Vanderbilt-Okonkwo', country: 'US' } });
    const order = (orderNumber: string, extra: Record<string, unknown>) =>
      createOrder(seller.sellerId, {
        orderNumber,
        customerId: saved.json.customerID,
        customerName: 'Maximiliana Vanderbilt-Okonkwo',
        orderDate: new Date().toISOString(),
        items: [{ name: 'Soy Candle', quantity: 12, price: 1234.5 }],
        subtotal: 14_814,
        total: 14_814,
        status: 'unshipped',
        ...extra,
      });
    // A marketplace's long order number, USPS's 22-digit and UPS's 18-character tracking numbers, a follow-up sent.
    await order('LS-MWZJX0SB', {});
    await order('W-10614-2', { status: 'shipped', carrier: 'USPS', trackingNumber: '9400100000000000000042', followUpEmailSent: true });
    await order('W-10615-3', { status: 'delivered', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/orders');
    await page.getByTestId('tracking-link').first().waitFor();
    await screenshot(page, 'orders-1280.png');
    expect(await overflow(page)).toEqual({ pageWider: false, wideTables: [] });
    for (const actions of await page.getByRole('button', { name: /^Actions for / }).all()) {
      const box = await actions.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    }
    // A long tracking number shows its last characters on one line; a screen reader and the tooltip get all of it.
    const usps = page.getByRole('link', { name: '9400100000000000000042' });
    expect(await usps.getAttribute('title')).toBe('9400100000000000000042');
    expect(await usps.evaluate((a) => a.getClientRects().length === 1 && a.getBoundingClientRect().height < 30)).toBe(true);
    expect(await usps.locator('[aria-hidden="true"]').textContent()).toBe('…00000042');
    expect(errors).toEqual([]);
  });
});

describe('a server-paged table that sorts only what the server can', () => {
  it("a customer's orders over a page: no header sorts the 20 on screen; the list reads newest first across pages", async () => {
    const seller = await shippingSeller(0, 'growth');
    const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Pia', lastName: 'Pager', country: 'US' } });
    expect(saved.status).toBe(200);
    const customerId = saved.json.customerID as string;
    for (let n = 1; n <= 22; n++) {
      await createOrder(seller.sellerId, {
        orderNumber: `P-${String(n).padStart(2, '0')}`,
        customerId,
        customerName: 'Pia Pager',
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
        items: [{ name: 'Soy Candle', quantity: 1, price: n }],
        subtotal: n,
        total: n,
        status: 'unshipped',
      });
    }
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/customers');
    await page.getByRole('button', { name: 'Actions for Pia Pager' }).click();
    await page.locator('.dropdown-menu.show').getByText('Details', { exact: true }).click();
    const table = page.getByRole('dialog').getByTestId('table-customer-orders');
    const rows = table.locator('tbody tr');
    await poll(() => rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain('P-22');
    for (const header of ['Order #', 'Date', 'Status', 'Items', 'Total']) {
      expect(await table.getByRole('columnheader', { name: header }).getByRole('button').count(), header).toBe(0);
    }
    await table.getByRole('button', { name: 'Next page' }).click();
    await poll(() => rows.first().textContent()).toContain('P-02');
    expect(errors).toEqual([]);
  }, 90_000);
});
