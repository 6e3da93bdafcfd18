import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { shippingSeller } from '../shipping/support.js';
import { saveSandboxCard } from '../support/payments.js';
import type { TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, signInAs } from './browser.js';

/**
 * Batch Purchase beyond the postage balance in Chromium: the breakdown says what the balance lacks and the one card
 * charge that covers it, the charge is confirmed before the batch starts, and failed orders can be tried again.
 */
const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });

async function seed(seller: TestSeller, zips: string[]) {
  for (const [i, zip] of zips.entries()) {
    await createOrder(seller.sellerId, {
      orderNumber: `BF-${String(i + 1).padStart(2, '0')}`,
      customerId: 'c1',
      customerName: `Buyer ${i + 1}`,
      orderDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
      subtotal: 10,
      total: 10,
      status: 'unshipped',
      shipTo: { name: `Buyer ${i + 1}`, address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip, country: 'US' },
    });
  }
}

async function breakdown(page: Page) {
  await page.getByRole('button', { name: 'Batch Purchase' }).click();
  const batch = page.getByRole('dialog', { name: 'Batch Purchase' });
  await batch.getByLabel('All unshipped orders (up to 500)').check();
  await batch.getByRole('button', { name: 'See Breakdown' }).click();
  await batch.getByTestId('batch-funding').waitFor();
  return batch;
}

describe('Batch Purchase beyond the postage balance at 1280 px', () => {
  it('says the balance, the shortfall and the one card charge with its fee; the charge is confirmed; failed orders are retried', async () => {
    const seller = await shippingSeller(1_000);
    await saveSandboxCard(seller);
    await seed(seller, ['80202', '80202', '80202', '80202', '80202', '80202', '80202', '8020']);
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/orders');
    await page.getByTestId('table-orders').waitFor();
    const batch = await breakdown(page);
    const funding = (await batch.getByTestId('batch-funding').textContent()) ?? '';
    expect(funding).toMatch(/Your postage balance is \$10\.00, \$[\d,]+\.\d{2} short of this batch's \$[\d,]+\.\d{2}\./);
    expect(funding).toMatch(/To cover it, \$(\d[\d,]*\.\d{2}) \(\d+ × your \$25\.00 auto-recharge\) will be charged to your card once, plus a \$\d+\.\d{2} payment fee/);
    const charge = /To cover it, (\$[\d,]+\.\d{2})/.exec(funding)![1]!;

    await batch.getByRole('button', { name: `Buy 8 Labels and Charge ${charge}` }).click();
    const confirm = page.getByRole('dialog', { name: `Charge your card ${charge}?` });
    await confirm.getByTestId('batch-funding').waitFor();
    await confirm.getByRole('button', { name: `Charge ${charge} and Buy 8 Labels` }).click();
    await poll(() => batch.getByTestId('batch-result').textContent()).toMatch(/^7 bought, 1 failed, \$[\d,]+\.\d{2} spent\.$/);
    const history = (await seller.api('GET', '/payment/history')).json.charges as { description: string; amountCents: number }[];
    expect(history.filter((c) => c.description === 'Postage recharge for Batch Purchase').map((c) => `$${(c.amountCents / 100).toFixed(2)}`)).toEqual([charge]);
    expect(history.filter((c) => c.description === 'Postage auto-recharge')).toEqual([]);

    // The failed order (its ZIP) alone, asked again.
    await batch.getByRole('button', { name: 'Retry failed orders' }).click();
    await poll(() => batch.getByTestId('batch-line').count()).toBe(1);
    expect(await batch.getByLabel('The 1 failed orders of the last batch').isChecked()).toBe(true);
    expect(await batch.getByTestId('batch-line').textContent()).toContain('BF-08');
    expect(errors).toEqual([]);
  }, 120_000);

  it('without a payment method: says how many labels the balance pays for, and nothing can be bought', async () => {
    const seller = await shippingSeller(1_000);
    await seed(seller, ['80202', '80202', '80202', '80202', '80202']);
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/orders');
    await page.getByTestId('table-orders').waitFor();
    const batch = await breakdown(page);
    expect(await batch.getByTestId('batch-funding').textContent()).toMatch(
      /^Your postage balance of \$10\.00 pays for \d of these 5 labels\. Add a payment method under Billing to buy them all, or choose at most \d orders\.$/,
    );
    expect(await batch.getByRole('button', { name: 'Buy 5 Labels' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});
