import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { emailsTo, testAddress, waitForEmailsTo } from '../support/outbox.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * The send email modal in Chromium (issue 15): a follow-up from an order's details goes through SENDING..., the
 * modal closes, the order shows follow-up sent, and the email is in the local SES outbox; a template saved from
 * the modal is listed on /marketing.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function sellerWithOrder(label: string) {
  const businessName = `Wick & Co ${label}`;
  const seller = await createTestSeller({ plan: 'growth', businessName });
  const email = testAddress('follow-up');
  const saved = await seller.api('POST', '/customers/save', { body: { firstName: 'Marisol', lastName: 'Quince', email, country: 'US' } });
  expect(saved.status).toBe(200);
  const orderNumber = `W-${crypto.randomUUID().slice(0, 6)}`;
  await createOrder(seller.sellerId, {
    orderNumber,
    customerId: saved.json.customerID,
    customerName: 'Marisol Quince',
    orderDate: new Date().toISOString(),
    status: 'shipped',
    items: [{ name: 'Cedar Candle', quantity: 1, price: 18 }],
    subtotal: 18,
    total: 18,
    carrier: 'USPS',
    trackingNumber: '9400100000000000000042',
  });
  return { seller, email, orderNumber, businessName };
}

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('send email at %s px', (label, viewport) => {
  it('sends a follow-up from an order: SENDING..., the modal closes, the order is marked, the email is sent; the template is saved', async () => {
    const { seller, email, orderNumber, businessName } = await sellerWithOrder(label);
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/orders');
    await page.getByText('Marisol Quince').filter({ visible: true }).first().click();
    const details = page.getByRole('dialog');
    await details.getByText(`Order ${orderNumber}`).waitFor();
    expect(await details.getByTestId('follow-up-sent').count()).toBe(0);
    await details.getByRole('button', { name: 'Send Email' }).click();

    const modal = page.getByRole('dialog', { name: /Send Email/ });
    // Leaving the empty fields moves nothing, so the first click on the box below them ticks it.
    await modal.locator('#send-email-message').click();
    await modal.locator('#send-email-subject').click();
    await modal.getByLabel('Save as template').click();
    expect(await modal.getByLabel('Save as template').isChecked()).toBe(true);
    await modal.getByLabel('Save as template').uncheck();
    await modal.getByRole('button', { name: 'Send Email' }).click();
    await modal.getByText('Subject is required.').waitFor();
    await modal.getByLabel('Template', { exact: true }).selectOption('FollowUpEmail');
    // The preview reads this customer's and this order's real values, as the sent email will.
    const preview = modal.getByTestId('send-email-preview');
    await poll(() => preview.textContent()).toContain('Thank you for your order, Marisol!');
    expect(await preview.textContent()).toContain(`Thank you for your order ${orderNumber}.`);
    expect(await preview.textContent()).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000042');
    expect(await preview.textContent()).toContain(businessName);
    await modal.getByLabel('Subject').fill('Thanks again, {{firstName}}');
    await modal.getByLabel('Save as template').check();
    await modal.getByLabel('Template name').fill(`After order ${label}`);
    expect(await fits(page)).toBe(true);
    await screenshot(page, `send-email-${label}.png`);

    // Held back a moment so SENDING... can be seen, as on a slow connection.
    await page.route('**/api/consultantemailmarketing/sendemail', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await modal.getByRole('button', { name: 'Send Email' }).click();
    await modal.getByRole('button', { name: 'SENDING...' }).waitFor();
    await modal.waitFor({ state: 'detached' });
    await details.getByTestId('follow-up-sent').waitFor();

    const [sent] = await waitForEmailsTo(email);
    expect(sent!.subject).toBe('Thanks again, Marisol');
    expect(sent!.text).toContain(`Thank you for your order ${orderNumber}.`);
    expect(sent!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await details.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('order-follow-up-sent').filter({ visible: true }).first().waitFor();

    await page.goto('/marketing');
    await page.getByTestId('templates-list').getByText(`After order ${label}`).waitFor();
    expect(await emailsTo(email)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('an error stays in the modal and nothing is marked', async () => {
    const { seller, orderNumber } = await sellerWithOrder(`${label}-error`);
    const { page } = await open(viewport);
    await signInAs(page, seller, '/orders');
    await page.getByText('Marisol Quince').filter({ visible: true }).first().click();
    const details = page.getByRole('dialog');
    await details.getByText(`Order ${orderNumber}`).waitFor();
    await details.getByRole('button', { name: 'Send Email' }).click();
    const modal = page.getByRole('dialog', { name: /Send Email/ });
    await modal.getByLabel('Subject').fill('Hello');
    await modal.getByLabel('Message').fill('Hi {{firstName}}');
    await page.route('**/api/consultantemailmarketing/sendemail', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'An error occurred. Please try again later.' }) }),
    );
    await modal.getByRole('button', { name: 'Send Email' }).click();
    await poll(() => modal.getByTestId('send-email-error').textContent()).toContain('An error occurred. Please try again later.');
    expect(await modal.isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    expect(await details.getByTestId('follow-up-sent').count()).toBe(0);
  });

  it('sends a campaign to chosen customers and lists what was sent and to how many', async () => {
    const seller = await createTestSeller({ plan: 'growth', businessName: `Campaign Co ${label}` });
    const addresses = [testAddress('campaign-a'), testAddress('campaign-b'), testAddress('campaign-c')];
    const ids: string[] = [];
    for (const [i, email] of addresses.entries()) {
      const saved = await seller.api('POST', '/customers/save', { body: { firstName: `Reader${i}`, lastName: 'Campaign', email, country: 'US' } });
      ids.push(saved.json.customerID);
    }
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/marketing');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    const modal = page.getByRole('dialog', { name: 'New Campaign' });
    await modal.getByLabel('Subject').fill('Autumn sale, {{firstName}}');
    await modal.getByLabel('Message').fill('Two for one this week.');
    // Nothing (the preview above them on a phone) covers the customers' controls: each takes a real click.
    await modal.getByRole('button', { name: 'Choose all shown' }).click({ trial: true });
    await modal.getByLabel('Search customers').click();
    await modal.locator(`#campaign-customer-${ids[0]}`).check();
    await modal.getByLabel('Search customers').fill('Reader1');
    await modal.locator(`#campaign-customer-${ids[1]}`).check();
    await poll(() => modal.getByTestId('campaign-chosen-count').textContent()).toContain('2 of at most 500');
    expect(await fits(page)).toBe(true);
    await modal.getByRole('button', { name: 'Send to 2 customers' }).click();
    await poll(() => page.getByTestId('campaign-notice').textContent()).toContain('Campaign sent to 2 customers.');
    await page.getByTestId('table-campaigns').getByText('Autumn sale, {{firstName}}').filter({ visible: true }).first().waitFor();
    expect((await waitForEmailsTo(addresses[1]!))[0]!.subject).toBe('Autumn sale, Reader1');
    await waitForEmailsTo(addresses[0]!);
    expect(await emailsTo(addresses[2]!)).toEqual([]);
    await screenshot(page, `campaigns-${label}.png`);
    expect(errors).toEqual([]);
  });

  it("sends an email from a customer's details", async () => {
    const { seller, email } = await sellerWithOrder(`${label}-customer`);
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/customers');
    await page.getByText('Marisol').filter({ visible: true }).first().click();
    const details = page.getByRole('dialog', { name: 'Marisol Quince' });
    await details.getByRole('button', { name: 'Send Email' }).click();
    const modal = page.getByRole('dialog', { name: /Send Email/ });
    await modal.getByLabel('Subject').fill('A note for {{firstName}}');
    await modal.getByLabel('Message').fill('New scents are in, {{firstName}}.');
    await poll(() => modal.getByTestId('send-email-preview').textContent()).toContain('New scents are in, Marisol.');
    await modal.getByRole('button', { name: 'Send Email' }).click();
    await poll(() => details.getByTestId('customer-email-notice').textContent()).toContain('Your email is on its way.');
    const [sent] = await waitForEmailsTo(email);
    expect(sent!.subject).toBe('A note for Marisol');
    expect(errors).toEqual([]);
  });
});
