import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shippingSeller, shown } from '../shipping/support.js';
import type { TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, signInAs } from './browser.js';

/** Money in Order Details in Chromium: a label is bought only at the price shown, an edit keeps the order's total. */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const dialog = (page: Page) => page.getByRole('dialog');

/** A Seattle order of two $12 candles saved while CANDLE10 ran (-$2.40, $21.60); CANDLE10 ended since. */
async function discountedOrder(seller: TestSeller) {
  const discount = await seller.api('POST', '/discounts/save', { body: { name: 'CANDLE10', type: 4, isPercent: true, amount: 10, continuous: true, items: [{ id: 'candle', name: 'Soy Candle' }] } });
  const customer = await seller.api('POST', '/customers/save', { body: { firstName: 'Ada', lastName: 'Lovelace', country: 'US' } });
  const order = await seller.api('POST', '/orders/save', {
    body: {
      customerId: customer.json.customerID,
      items: [{ productId: 'candle', name: 'Soy Candle', quantity: 2, price: 12 }],
      shipTo: { name: 'Ada Lovelace', address1: '1 Pine St', city: 'Seattle', state: 'WA', zip: '98101', country: 'US', phone: '206-555-0100' },
      weightOz: 20,
    },
  });
  expect(order.json.total).toBe(21.6);
  await seller.api('POST', '/discounts/end', { body: { discountId: discount.json.discountId } });
  return order.json as { orderId: string; orderNumber: string };
}

async function openDetails(seller: TestSeller, orderNumber: string) {
  const { page, errors } = await open(DESKTOP);
  await signInAs(page, seller, '/orders');
  const table = page.getByTestId('table-orders').locator('table');
  await poll(() => table.textContent()).toContain(orderNumber);
  await table.getByText(orderNumber).click();
  return { page, errors, details: dialog(page) };
}

describe('Order Details money at 1280 px', () => {
  it('changing the weight after Get Rates hides the rates and disables Buy Label until rates are fetched again', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    const order = await discountedOrder(seller);
    const { errors, details } = await openDetails(seller, order.orderNumber);
    const buy = details.getByRole('button', { name: 'Buy Label' });
    await details.getByLabel('Weight (oz)').fill('20');
    await details.getByRole('button', { name: 'Get Rates' }).click();
    const service = details.getByLabel('Service');
    await service.selectOption('usps_ground_advantage');
    const light = shown('usps_ground_advantage', { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 });
    expect(await service.locator('option:checked').textContent()).toContain(`$${(light / 100).toFixed(2)}`);
    expect(await buy.isEnabled()).toBe(true);

    await details.getByLabel('Weight (oz)').fill('80');
    await details.getByTestId('rates-stale').waitFor();
    expect(await details.getByText('Changed: get rates again before buying.').count()).toBe(1);
    expect(await service.count()).toBe(0);
    expect(await buy.isDisabled()).toBe(true);

    await details.getByRole('button', { name: 'Get Rates' }).click();
    await service.waitFor();
    await service.selectOption('usps_ground_advantage');
    const heavy = shown('usps_ground_advantage', { weightOz: 80, lengthIn: 10, widthIn: 8, heightIn: 4 });
    expect(heavy).toBeGreaterThan(light);
    expect(await service.locator('option:checked').textContent()).toContain(`$${(heavy / 100).toFixed(2)}`);
    expect(await details.getByTestId('rates-stale').count()).toBe(0);
    await buy.click();
    await details.getByTestId('label-bought').waitFor();
    // The label costs what the list showed for the parcel bought.
    expect(await details.getByTestId('label-bought').textContent()).toContain(`$${(heavy / 100).toFixed(2)}`);
    expect(errors).toEqual([]);
  }, 90_000);

  it('Edit Order of the phone keeps the total after its discount ended; changed items show the new total and the old', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    const order = await discountedOrder(seller);
    const { errors, details } = await openDetails(seller, order.orderNumber);
    await details.getByText('Total: $21.60').waitFor();
    await details.getByRole('button', { name: 'Edit Order' }).click();
    await details.getByLabel('Phone').fill('206-555-0199');
    expect(await details.getByTestId('edit-order-total').count()).toBe(0);
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await details.getByRole('button', { name: 'Edit Order' }).waitFor();
    await details.getByText('Total: $21.60').waitFor();
    expect(await details.getByTestId('order-details-discounts').textContent()).toContain('CANDLE10 -$2.40');

    await details.getByRole('button', { name: 'Edit Order' }).click();
    await details.getByLabel('Quantity').fill('3');
    await poll(() => details.getByTestId('edit-order-total').textContent()).toBe('The items changed: the new total is $36.00 (was $21.60).');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await details.getByText('Total: $36.00').waitFor();
    expect(await details.getByTestId('order-details-discounts').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
