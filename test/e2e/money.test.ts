import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getBilling } from '../../functions/data/payments.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { SANDBOX_CARDS } from '../../shared/domain/sandbox-card.js';
import { orderFor, PARCEL, shippingSeller, shown } from '../shipping/support.js';
import { saveSandboxCard, sandboxToken } from '../support/payments.js';
import { createTestSeller, type TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/** Issue 17, "Money never moves without the seller seeing it", in Chromium at 1280 and 375 px. */

const { open } = browserPerFile();
const poll = expect.poll;
const chargesOf = async (seller: TestSeller) => ((await seller.api('GET', '/payment/history')).json.charges as unknown[]).length;

async function openAs(seller: TestSeller, path: string, viewport: { width: number; height: number }) {
  const { page, errors } = await open(viewport);
  await signInAs(page, seller, path);
  return { page, errors };
}

/** Every field of the card form, with the card and CVV given. */
async function fillCard(page: Page, number: string, cvv = '123', zip = '78701') {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Demo');
  await page.getByLabel('Name on card').fill('Dana Demo');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill(cvv);
  await page.getByLabel('Billing address').fill('500 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('ZIP').fill(zip);
}

for (const [width, viewport, layout] of [
  ['1280', DESKTOP, 'plans-table'],
  ['375', PHONE, 'plans-cards'],
] as const) {
  describe(`at ${width} px`, () => {
    it('Upgrade Plan shows what is charged today (not prorated) and asks; Cancel charges nothing; confirming says what happened', async () => {
      const seller = await createTestSeller({ plan: 'starter' });
      await saveSandboxCard(seller);
      const { page, errors } = await openAs(seller, '/upgrade', viewport);
      const plans = page.getByTestId(layout);
      await plans.getByRole('button', { name: 'Upgrade Plan: Executive' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Executive, billed monthly?' });
      await poll(() => dialog.getByTestId('charge-today').textContent()).toMatch(/^Charged today: \$29\.00 to Visa ending 4242, expires 12\/\d{4}, one month at \$29\/month\. This is not prorated/);
      await screenshot(page, `upgrade-confirm-${width}.png`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => dialog.count()).toBe(0);
      expect(await chargesOf(seller)).toBe(1);
      expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');

      await plans.getByRole('button', { name: 'Upgrade Plan: Executive' }).click();
      await dialog.getByRole('button', { name: 'Pay $29.00 and Upgrade' }).click();
      await page.waitForURL('**/dashboard');
      await poll(() => page.getByTestId('flash-notice').textContent()).toContain('You are now on the Executive plan. $29.00 was charged today.');
      expect((await getSellerProfile(seller.sellerId))?.package).toBe('executive');
      expect(await chargesOf(seller)).toBe(2);
      expect(errors).toEqual([]);
    });

    it('/payment shows the amount, preselects the saved card, and refuses a letter in the CVV and in the ZIP before anything is sent', async () => {
      const seller = await createTestSeller({ plan: 'starter' });
      // A card saved in settings: nothing paid yet for a plan.
      expect((await seller.api('POST', '/payment', { body: { token: sandboxToken(), plan: 'starter', zip: '78701', autoRechargeAmount: 25 } })).status).toBe(200);
      const { page } = await openAs(seller, '/payment?package=growth&annual=false', viewport);
      await poll(() => page.getByTestId('charge-today').textContent()).toMatch(/^Charged today: \$19\.00 \(one month of Growth, not prorated/);
      const form = page.getByTestId('billing-form-design');
      await poll(() => form.getByLabel(/^Use Visa ending 4242, expires 12\/\d{4}$/).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Pay $19.00 and Start Growth' }).waitFor();

      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/payment')) sent.push(r.url());
      });
      await form.getByLabel('Use a new card').check();
      await fillCard(page, SANDBOX_CARDS.mastercard, '12a', '7870A');
      await form.getByRole('button', { name: 'Pay $19.00 and Start Growth' }).click();
      await form.getByText('CVV must be 3 or 4 digits.').waitFor();
      await form.getByText('ZIP must be 5 digits (or ZIP+4).').waitFor();
      await screenshot(page, `payment-rules-${width}.png`);
      expect(sent).toEqual([]);
      expect((await getBilling(seller.sellerId))?.last4).toBe('4242');

      // The saved card pays: nothing typed again.
      await form.getByLabel(/^Use Visa ending 4242/).check();
      await form.getByRole('button', { name: 'Pay $19.00 and Start Growth' }).click();
      await page.waitForURL('**/dashboard');
      await poll(() => page.getByTestId('flash-notice').textContent()).toContain('You are now on the Growth plan. $19.00 was charged today.');
      expect(sent).toHaveLength(1);
      expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    });
  });
}

describe('a refused card says why', () => {
  it.each([
    ['expired', PHONE, 'Your card has expired.'],
    ['insufficientFunds', DESKTOP, 'Your card has insufficient funds.'],
  ] as const)('%s: the spec\'s payment message and the processor\'s reason; the seller stays on /payment', async (card, viewport, reason) => {
    const seller = await createTestSeller({ plan: 'starter' });
    const { page } = await openAs(seller, '/payment?package=growth&annual=false', viewport);
    await fillCard(page, SANDBOX_CARDS[card]);
    await page.getByRole('button', { name: 'Pay $19.00 and Start Growth' }).click();
    await page.getByText(`An error occurred when processing your payment. ${reason}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
  });
});

describe('the plan already paid for', () => {
  it('/payment for it offers no second payment', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const { page } = await openAs(seller, '/payment?package=growth&annual=false', PHONE);
    await poll(() => page.getByTestId('already-paid').textContent()).toContain('You already pay for the Growth plan, billed monthly');
    expect(await page.getByRole('button', { name: /Pay|Start/ }).count()).toBe(0);
  });
});

for (const [width, viewport] of [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const) {
  describe(`Void Label at ${width} px`, () => {
    it('asks first: Cancel keeps the label, Void Label voids it', async () => {
      const seller = await shippingSeller(10_000);
      const order = await orderFor(seller);
      const label = await seller.api('POST', '/shipping/buyLabel', {
        body: { orderId: order.orderId, service: 'usps_priority', parcel: PARCEL, amountCents: shown('usps_priority'), idempotencyKey: `void-confirm-${width}` },
      });
      expect(label.status).toBe(200);
      const { page, errors } = await openAs(seller, '/orders', viewport);
      const actions = page.getByRole('button', { name: /^Actions for .*Grace Hopper/ }).first();
      await actions.click();
      await page.locator('.dropdown-menu.show').getByText('Details', { exact: true }).click();
      const details = page.getByRole('dialog').first();
      await details.getByRole('button', { name: 'Void Label' }).click();
      const confirm = page.getByRole('dialog', { name: 'Void this label?' });
      await confirm.getByText(/refunded to your postage balance/).waitFor();
      // The plan's allowance counts the label all the same: said before the seller voids it.
      await confirm.getByText(/still counts as one of this month's shipments on your plan/).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => confirm.count()).toBe(0);
      expect((await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.status).toBe('shipped');

      await details.getByRole('button', { name: 'Void Label' }).click();
      await confirm.getByRole('button', { name: 'Void Label' }).click();
      await details.getByRole('button', { name: 'Get Rates' }).waitFor();
      await poll(async () => (await seller.api('GET', '/orders/get', { query: { id: order.orderId } })).json.status).not.toBe('shipped');
      expect(errors).toEqual([]);
    });
  });
}
