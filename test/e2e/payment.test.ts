import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../shared/domain/sandbox-card.js';
import { browserPerFile, DESKTOP, PHONE, signIn } from './browser.js';

/** /payment in Chromium with the sandbox processor, as the demo seller (growth). */

const { open } = browserPerFile();

async function openPayment(viewport: { width: number; height: number }, query: string): Promise<Page> {
  const { page } = await open(viewport);
  await signIn(page, `/login?next=${encodeURIComponent(`/payment${query}`)}`);
  await page.waitForURL('**/payment**');
  await page.getByLabel('Name on card').waitFor();
  return page;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Demo Seller');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('ZIP').fill('78701');
}

describe('/payment', () => {
  it('at 375 px: the form\'s rules, then a declined card shows the payment error', async () => {
    const page = await openPayment(PHONE, '?package=executive');
    await page.getByRole('button', { name: 'Pay and Start Executive' }).click();
    await page.getByText('Name is required.').waitFor();
    await fillCard(page, SANDBOX_CARDS.declined);
    await page.getByLabel('Expiration (MM/YY)').fill('13/30');
    await page.getByRole('button', { name: 'Pay and Start Executive' }).click();
    await page.getByText('Expiration must be MM/YY or MM/YYYY.').waitFor();
    await page.getByLabel('Expiration (MM/YY)').fill('12/30');
    await page.getByLabel('Postage auto-recharge').selectOption('0');
    await page.getByText(/Postage is off/).waitFor();
    await page.getByLabel('Postage auto-recharge').selectOption('25');
    await page.getByRole('button', { name: 'Pay and Start Executive' }).click();
    await page.getByText('An error occurred when processing your payment.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment');
  });

  // The demo seller is shared by every browser test of a run, so this keeps its plan (growth, monthly): the
  // first card starts the plan it is on.
  it('at 1280 px: the sandbox card is accepted and the seller returns to /upgrade on the same plan', async () => {
    const page = await openPayment(DESKTOP, '?package=growth&returnUrl=%2Fupgrade');
    await fillCard(page, SANDBOX_CARDS.success);
    await page.getByRole('button', { name: 'Pay and Start Growth' }).click();
    await page.waitForURL('**/upgrade');
    await expect.poll(() => page.getByTestId('plans-table').getByRole('button', { name: 'Current Plan: Growth' }).count()).toBe(1);

    // The charge is in the payment history with its amount, fee and status.
    await page.goto('/paymentHistory');
    const row = page.getByTestId('payment-history').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('Growth plan, monthly');
    expect(await row.textContent()).toMatch(/\$19\.00.*\$0\.85.*succeeded/i);
  });
});
