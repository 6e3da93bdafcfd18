import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * Issue 17: the carrier's address check in the ship-to and customer forms (the sandbox carrier standardises: upper
 * case, suffixes abbreviated, ZIP+4 from the house number). A seller of its own; nothing is saved.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

async function typeAddress(form: Locator, state: (field: Locator) => Promise<unknown>) {
  await form.getByLabel('Address', { exact: true }).fill('12 Oak Avenue');
  await form.getByLabel('City').fill('Denver');
  await state(form.getByLabel('State', { exact: true }));
  await form.getByLabel('ZIP', { exact: true }).fill('80202');
}

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('the carrier address check at %s px', (width, viewport) => {
  it('offers the carrier’s standardised address once the address is complete, and one click applies it (New Order and New Customer)', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const { page, errors } = await open(viewport);
    // Every address the carrier is asked about, as the page sent it.
    const asked: { address1: string; city: string; zip: string }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/orders/verifyAddress')) asked.push(r.postDataJSON());
    });
    await signInAs(page, seller, '/orders');
    await page.getByTestId('table-orders').waitFor();

    await page.getByRole('button', { name: 'New Order' }).click();
    const order = page.getByRole('dialog', { name: 'New Order' });
    await order.getByLabel('ZIP', { exact: true }).waitFor();
    await typeAddress(order, (f) => f.fill('co'));
    const suggestion = order.getByTestId('carrier-suggestion');
    await poll(() => suggestion.textContent()).toContain('Carrier suggests: 12 OAK AVE, DENVER, CO 80202-0012');
    // Only a complete address, once typing paused, was sent: never a half-typed one.
    expect(asked).toEqual([expect.objectContaining({ address1: '12 Oak Avenue', city: 'Denver', state: 'co', zip: '80202' })]);
    await screenshot(page, `carrier-suggestion-${width}.png`);
    const recheck = page.waitForResponse((r) => r.url().includes('/api/orders/verifyAddress') && r.request().postDataJSON().zip === '80202-0012');
    await suggestion.getByRole('button', { name: 'Use This Address' }).click();
    expect(await order.getByLabel('Address', { exact: true }).inputValue()).toBe('12 OAK AVE');
    expect(await order.getByLabel('City').inputValue()).toBe('DENVER');
    expect(await order.getByLabel('State', { exact: true }).inputValue()).toBe('CO');
    expect(await order.getByLabel('ZIP', { exact: true }).inputValue()).toBe('80202-0012');
    // The applied address is the carrier's own: checked again, nothing more to suggest.
    expect(await (await recheck).json()).toEqual({ verified: true, suggestion: null });
    expect(await suggestion.count()).toBe(0);
    await order.getByRole('button', { name: 'Cancel' }).click();
    await order.waitFor({ state: 'detached' });

    await page.goto('/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const customer = page.getByRole('dialog');
    await customer.getByLabel('ZIP', { exact: true }).waitFor();
    await typeAddress(customer, (f) => f.selectOption('CO'));
    const offered = customer.getByTestId('carrier-suggestion');
    await poll(() => offered.textContent()).toContain('Carrier suggests: 12 OAK AVE, DENVER, CO 80202-0012');
    await offered.getByRole('button', { name: 'Use This Address' }).click();
    expect(await customer.getByLabel('Address', { exact: true }).inputValue()).toBe('12 OAK AVE');
    expect(await customer.getByLabel('ZIP', { exact: true }).inputValue()).toBe('80202-0012');
    expect(errors).toEqual([]);
  }, 90_000);
});
