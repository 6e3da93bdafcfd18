import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDiscount, endDiscount } from '../../functions/data/discounts.js';
import { listOrdersByDate } from '../../functions/data/orders.js';
import { saveProduct } from '../../functions/data/products.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * The Add Discount modal and New Order's pricing in Chromium (issue 15): a seller of their own makes one discount of
 * each kind from New Order and sees each applied to the order by name, then the saved order priced by the server.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

const PRODUCTS = [
  { productId: 'candle', name: 'Amber Soy Candle', sku: 'CND-AMB', price: 20, selling: true },
  { productId: 'melts', name: 'Cedar Wax Melts', sku: 'MLT-CED', price: 5, selling: true },
  { productId: 'soap', name: 'Oat Milk Soap', sku: 'SOP-OAT', price: 8, selling: true },
  { productId: 'giftbox', name: 'Kraft Gift Box', sku: 'BOX-KRF', price: 6, selling: true },
];

async function pickItem(modal: Locator, list: 'items' | 'itemsBogo', search: string, name: string) {
  const field = modal.getByTestId(`discount-${list}`).getByRole('combobox');
  await field.fill(search);
  // The list is drawn again as the product search answers (the typeahead's debounced query): a click that lands
  // while it moves waits for the list to settle and tries again.
  const option = modal.getByRole('option', { name: new RegExp(name) });
  for (let attempt = 1; ; attempt++) {
    try {
      await option.click({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
      await field.fill('');
      await field.fill(search);
    }
  }
  await modal.getByRole('button', { name: `Remove ${name}` }).first().waitFor();
}

async function addDiscount(page: Page, order: Locator, fill: (modal: Locator) => Promise<void>) {
  await order.getByRole('button', { name: 'Add Discount' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Discount' });
  await fill(modal);
  await modal.getByRole('button', { name: 'Save Discount' }).click();
  await page.getByRole('dialog', { name: 'New Order' }).waitFor();
}

const texts = async (l: Locator) => (await l.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('discounts at %s px', (width, viewport) => {
  it('creates each kind of discount from New Order and sees each applied by name, then saved at the server price', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    for (const p of PRODUCTS) await saveProduct(seller.sellerId, p);
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/orders');
    if (viewport === PHONE) await page.getByRole('button', { name: 'New Order' }).first().waitFor();
    await page.getByRole('button', { name: 'New Order' }).first().click();
    const order = page.getByRole('dialog', { name: 'New Order' });

    // Every rule of section 5 at its field, before anything is sent.
    await order.getByRole('button', { name: 'Add Discount' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Discount' });
    await modal.getByRole('button', { name: 'Save Discount' }).click();
    for (const m of [MESSAGES.discountNameRequired, MESSAGES.discountAmount, MESSAGES.discountItems, MESSAGES.discountStartRequired, MESSAGES.discountEndRequired]) {
      await modal.getByText(m, { exact: true }).waitFor();
    }
    await modal.getByLabel('Discount name').fill('x'.repeat(21));
    await modal.getByLabel('Start date').fill('12/05/2026');
    await modal.getByLabel('End date').fill('12/01/2026');
    await modal.getByText(MESSAGES.discountNameTooLong, { exact: true }).waitFor();
    await modal.getByText(MESSAGES.discountEndBeforeStart, { exact: true }).waitFor();
    // Quantity asks for its kind and a quantity; buy one get one for its free quantity and free items.
    await modal.getByLabel('Quantity', { exact: true }).check();
    await modal.getByText(MESSAGES.discountChooseKind, { exact: true }).waitFor();
    await modal.getByLabel('Quantity discount').selectOption({ label: 'Buy one get one' });
    await modal.getByText(MESSAGES.discountQuantity, { exact: true }).waitFor();
    await modal.getByText(MESSAGES.discountBogoQuantity, { exact: true }).waitFor();
    await modal.getByText(MESSAGES.discountBogoItems, { exact: true }).waitFor();
    // Continuous disables and clears the dates.
    await modal.getByLabel('Continuous').check();
    expect(await modal.getByLabel('Start date').isDisabled()).toBe(true);
    expect(await modal.getByLabel('Start date').inputValue()).toBe('');
    await poll(() => modal.getByText(MESSAGES.discountEndBeforeStart, { exact: true }).count()).toBe(0);
    await poll(() => modal.getByText(MESSAGES.discountStartRequired, { exact: true }).count()).toBe(0);
    await screenshot(page, `discount-rules-${width}.png`);
    await modal.getByRole('button', { name: 'Cancel' }).click();

    // 1. Item/Product: 10% off the candle, dated around today.
    await addDiscount(page, order, async (m) => {
      await m.getByLabel('Discount name').fill('Candle 10%');
      // Every id in the dialog is its own: the Amount label names the amount alone.
      expect(await m.evaluate((el) => [...el.querySelectorAll('[id]')].map((e) => e.id).filter((id, i, all) => all.indexOf(id) !== i))).toEqual([]);
      await m.getByLabel('Amount', { exact: true }).fill('10');
      await pickItem(m, 'items', 'amber', 'Amber Soy Candle');
      await m.getByLabel('Start date').fill('01/01/2026');
      await m.getByLabel('End date').fill('12/31/2030');
    });
    // 2. Exact quantity: $3 off exactly 3 wax melts. Switching the type clears the list chosen before.
    await addDiscount(page, order, async (m) => {
      await m.getByLabel('Discount name').fill('Three melts');
      await pickItem(m, 'items', 'cedar', 'Cedar Wax Melts');
      await m.getByLabel('Quantity', { exact: true }).check();
      expect(await m.getByRole('button', { name: 'Remove Cedar Wax Melts' }).count()).toBe(0);
      await m.getByLabel('Quantity discount').selectOption({ label: 'Exact quantity' });
      await m.getByLabel('Amount', { exact: true }).fill('3');
      await m.getByLabel('Amount in').selectOption({ label: '$' });
      await m.getByLabel('Exact quantity').fill('3');
      await pickItem(m, 'items', 'cedar', 'Cedar Wax Melts');
      await m.getByLabel('Continuous').check();
    });
    // 3. Buy one get one: buy a soap, the cheaper soap free.
    await addDiscount(page, order, async (m) => {
      await m.getByLabel('Discount name').fill('Soap BOGO');
      await m.getByLabel('Quantity', { exact: true }).check();
      await m.getByLabel('Quantity discount').selectOption({ label: 'Buy one get one' });
      await m.getByLabel('Amount', { exact: true }).fill('100');
      await m.getByLabel('Quantity to buy').fill('1');
      await m.getByLabel('Free quantity').fill('1');
      await pickItem(m, 'items', 'oat milk', 'Oat Milk Soap');
      await pickItem(m, 'itemsBogo', 'oat milk', 'Oat Milk Soap');
      await m.getByLabel('Continuous').check();
    });
    // 4. Minimum quantity, livestream (always continuous): half off gift boxes from 2 on.
    await addDiscount(page, order, async (m) => {
      await m.getByLabel('Discount name').fill('Live boxes');
      await m.getByLabel('Quantity', { exact: true }).check();
      await m.getByLabel('Quantity discount').selectOption({ label: 'Minimum quantity' });
      await m.getByLabel('Amount', { exact: true }).fill('50');
      await m.getByLabel('Minimum quantity').fill('2');
      await pickItem(m, 'items', 'kraft', 'Kraft Gift Box');
      await m.getByLabel('Start date').fill('01/01/2026');
      await m.getByLabel('Livestream discount').check();
      expect(await m.getByLabel('Continuous').isChecked()).toBe(true);
      expect(await m.getByLabel('Continuous').isDisabled()).toBe(true);
      expect(await m.getByLabel('Start date').inputValue()).toBe('');
    });

    // The order: a new customer, the four products from the live-selling list.
    await order.getByRole('button', { name: 'New customer' }).click();
    await order.getByLabel('First name').fill('Rosa');
    await order.getByLabel('Last name').fill('Parks');
    await order.getByRole('button', { name: 'Choose Product' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose Product' });
    const selling = chooser.getByTestId('selling-products');
    for (const p of PRODUCTS) await selling.getByText(p.name).click();
    await chooser.getByLabel('Quantity of Cedar Wax Melts').fill('3');
    await chooser.getByLabel('Quantity of Kraft Gift Box').fill('2');
    await chooser.getByRole('button', { name: 'Add to Order' }).click();
    // A typed product is no catalogue item, so no discount counts it: one soap and a typed one meet no bogo.
    await order.getByRole('button', { name: 'Type a Product' }).click();
    await order.getByLabel('Product').nth(4).fill('Oat Milk Soap travel');
    await order.getByLabel('Price').nth(4).fill('6');
    await poll(async () => texts(order.getByTestId('order-discount'))).toEqual(['Candle 10% -$2.00', 'Three melts -$3.00']);
    // A second soap of the catalogue: one bought, one free.
    await order.getByLabel('Quantity').nth(2).fill('2');
    await poll(async () => texts(order.getByTestId('order-discount'))).toEqual(['Candle 10% -$2.00', 'Three melts -$3.00', 'Soap BOGO -$8.00']);
    await order.getByRole('button', { name: 'Remove' }).nth(4).click();
    // The livestream discount applies once the order is a live-stream one.
    await order.getByLabel('Taken in a live stream', { exact: false }).check();
    await poll(async () => texts(order.getByTestId('order-discount'))).toEqual([
      'Candle 10% -$2.00',
      'Three melts -$3.00',
      'Soap BOGO -$8.00',
      'Live boxes -$6.00',
    ]);
    expect(await texts(order.getByTestId('line-discount'))).toEqual(['Candle 10% -$2.00', 'Three melts -$3.00', 'Soap BOGO -$8.00', 'Live boxes -$6.00']);
    // 20 + 3 × 5 + 2 × 8 + 2 × 6 = 63, less 19.
    expect(await order.getByTestId('order-subtotal').textContent()).toBe('Subtotal $63.00');
    expect(await texts(order.getByTestId('order-discounted-total'))).toEqual(['Total after discounts $44.00']);
    await screenshot(page, `new-order-discounts-${width}.png`);

    await order.getByRole('button', { name: 'Save Order' }).click();
    const details = page.getByRole('dialog').filter({ hasText: 'Rosa Parks' });
    await details.getByTestId('order-details-discounts').waitFor();
    // What the server priced and stored: the same discounts, in the order of the lines.
    expect(await texts(details.getByTestId('order-details-discounts').getByRole('listitem'))).toEqual([
      'Candle 10% -$2.00',
      'Three melts -$3.00',
      'Soap BOGO -$8.00',
      'Live boxes -$6.00',
    ]);
    await details.getByText('Total: $44.00').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('a discount that ends while New Order is open', () => {
  it('refuses to save a total the seller was not shown, then shows the new one and saves it', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const candle = PRODUCTS[0]!;
    await saveProduct(seller.sellerId, candle);
    const tenOff = await createDiscount(seller.sellerId, {
      name: 'Candle 10%',
      type: 4,
      isPercent: true,
      amount: 10,
      continuous: true,
      livestream: false,
      items: [{ id: candle.productId, name: candle.name }],
      itemsBogo: [],
      itemsDiscountAmount: 0,
      itemsDiscountBogoAmount: 0,
    });
    const { page, errors } = await open(DESKTOP);
    await signInAs(page, seller, '/orders');
    await page.getByRole('button', { name: 'New Order' }).first().click();
    const order = page.getByRole('dialog', { name: 'New Order' });
    await order.getByRole('button', { name: 'New customer' }).click();
    await order.getByLabel('First name').fill('Rosa');
    await order.getByLabel('Last name').fill('Parks');
    await order.getByRole('button', { name: 'Choose Product' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose Product' });
    await chooser.getByTestId('selling-products').getByText(candle.name).click();
    await chooser.getByRole('button', { name: 'Add to Order' }).click();
    await poll(async () => texts(order.getByTestId('order-discounted-total'))).toEqual(['Total after discounts $18.00']);

    // Ended elsewhere (another tab, another device) after New Order read the list.
    await endDiscount(seller.sellerId, tenOff.discountId);
    await order.getByRole('button', { name: 'Save Order' }).click();
    await order.getByText(MESSAGES.orderTotalChanged).waitFor();
    expect((await listOrdersByDate(seller.sellerId)).orders).toEqual([]);
    // The list is read again: the discount is gone from what is shown, and the shown total is saved.
    await poll(() => order.getByTestId('order-discount').count()).toBe(0);
    expect(await order.getByTestId('order-subtotal').textContent()).toBe('Subtotal $20.00');
    await order.getByRole('button', { name: 'Save Order' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Rosa Parks' }).getByText('Total: $20.00').waitFor();
    expect((await listOrdersByDate(seller.sellerId)).orders.map((o) => o.total)).toEqual([20]);
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });
});
