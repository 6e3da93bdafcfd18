import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { saveProduct } from '../../functions/data/products.js';
import { shippingSeller } from '../shipping/support.js';
import { browserPerFile, PHONE, screenshot, signInAs } from './browser.js';

/** Issue 17, "every table becomes cards": the tables inside the orders dialogs at 375 px, with a seller of its own. */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** What scrolls sideways in the open dialog: anything wider than its body or past its edges, and the page itself. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('.modal.show .modal-body');
    if (!body) throw new Error('no dialog open');
    const edge = body.getBoundingClientRect();
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`;
    const wide = [body, ...body.querySelectorAll('*')]
      .filter((el) => {
        if (el.getClientRects().length === 0) return false;
        const box = el.getBoundingClientRect();
        const scrolls = el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
        return box.width > edge.width + 0.5 || box.right > edge.right + 0.5 || box.left < edge.left - 0.5 || scrolls;
      })
      .map(name);
    const root = document.scrollingElement as HTMLElement;
    return { wide, pageWider: root.scrollWidth > root.clientWidth };
  });
}

describe('the orders dialogs at 375 px', () => {
  it('Batch Purchase’s breakdown, Shipping Quote’s rates and Choose Product’s chosen list are cards that do not scroll sideways', async () => {
    const seller = await shippingSeller(0, 'growth');
    for (let n = 1; n <= 3; n++) {
      await createOrder(seller.sellerId, {
        orderNumber: `WIDE-2026-00${n}`,
        customerId: 'c1',
        customerName: 'Bartholomew Featherstonehaugh-Smythe',
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
        status: 'unshipped',
        shipTo: { name: 'Bartholomew Featherstonehaugh-Smythe', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
      });
    }
    await saveProduct(seller.sellerId, { productId: 'candle', name: 'Hand-Poured Amber and Sandalwood Soy Candle', sku: 'CND-AMB-SND-16OZ', price: 24, selling: true });
    const { page, errors } = await open(PHONE);
    await signInAs(page, seller, '/orders');
    await page.getByTestId('table-orders').waitFor();
    await poll(() => page.getByText('WIDE-2026-001').count()).toBeGreaterThan(0);

    // Batch Purchase of every unshipped order (none ticked): a card per order, each with its one weight input.
    await page.getByRole('button', { name: 'Batch Purchase' }).click();
    const batch = page.getByRole('dialog', { name: 'Batch Purchase' });
    await batch.getByRole('button', { name: 'See Breakdown' }).click();
    const lines = batch.getByTestId('batch-line');
    await poll(() => lines.count()).toBe(3);
    await poll(() => batch.getByTestId('batch-total').textContent()).toMatch(/Total for 3 labels: \$\d+\.\d{2}/);
    expect(await lines.first().getByRole('spinbutton').count()).toBe(1);
    expect(await lines.first().textContent()).toMatch(/\$\d+\.\d{2}/);
    await screenshot(page, 'batch-breakdown-375.png');
    expect(await sideways(page)).toEqual({ wide: [], pageWider: false });
    await batch.getByRole('button', { name: 'Close' }).last().click();
    await batch.waitFor({ state: 'detached' });

    // Shipping Quote: six rates, each a card.
    await page.getByRole('button', { name: 'Shipping Quote' }).click();
    const quote = page.getByRole('dialog', { name: 'Shipping Quote' });
    // From the return address's ZIP until the seller changes it.
    expect(await quote.getByLabel('From ZIP').inputValue()).toBe('78701');
    await quote.getByLabel('To ZIP').fill('98101');
    await quote.getByRole('button', { name: 'Get Quote' }).click();
    await poll(() => quote.getByTestId('quote-rates-cards').locator('li').count()).toBe(6);
    await screenshot(page, 'quote-rates-375.png');
    expect(await sideways(page)).toEqual({ wide: [], pageWider: false });
    await quote.getByRole('button', { name: 'Cancel' }).click();
    await quote.waitFor({ state: 'detached' });

    // Choose Product from New Order: the chosen product as a card with its one quantity input.
    await page.getByRole('button', { name: 'New Order' }).click();
    const order = page.getByRole('dialog', { name: 'New Order' });
    await order.getByRole('button', { name: 'Choose Product' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose Product' });
    await chooser.getByTestId('selling-products').getByText('Hand-Poured Amber and Sandalwood Soy Candle').click();
    const quantity = chooser.getByLabel('Quantity of Hand-Poured Amber and Sandalwood Soy Candle');
    await poll(() => quantity.count()).toBe(1);
    await quantity.fill('3');
    await screenshot(page, 'choose-product-375.png');
    expect(await sideways(page)).toEqual({ wide: [], pageWider: false });
    await chooser.getByRole('button', { name: 'Add to Order' }).click();
    await poll(() => order.getByLabel('Quantity').inputValue()).toBe('3');
    expect(errors).toEqual([]);
  }, 120_000);
});
