import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../functions/data/orders.js';
import { todayUtc } from '../../shared/domain/pickup.js';
import { shippingSeller } from '../shipping/support.js';
import type { TestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/** Issue 17 on /orders and /customers in Chromium: orders that can always be shipped, with a seller of its own. */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const dialog = (page: Page) => page.getByRole('dialog');

async function seed(seller: TestSeller, count: number, extra: (n: number) => Record<string, unknown> = () => ({})) {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    ids.push(
      await createOrder(seller.sellerId, {
        orderNumber: `E17-${String(n).padStart(2, '0')}`,
        customerId: 'c1',
        customerName: `Buyer ${n}`,
        orderDate: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
        items: [{ name: 'Soy Candle', quantity: 1, price: 10 }],
        subtotal: 10,
        total: 10,
        status: 'unshipped',
        shipTo: { name: `Buyer ${n}`, address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
        ...extra(n),
      }),
    );
  }
  return ids;
}

async function openOrders(viewport: { width: number; height: number }, seller: TestSeller) {
  const { page, errors } = await open(viewport);
  await signInAs(page, seller, '/orders');
  await page.getByTestId('table-orders').waitFor();
  return { page, errors };
}

const nextSunday = () => {
  for (let n = 1; ; n++) {
    const d = new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + n * 86_400_000);
    if (d.getUTCDay() === 0) return d.toISOString().slice(0, 10);
  }
};

describe('orders that can always be shipped at 1280 px', () => {
  it('an imported order with a bad ZIP is corrected from its details, a label is bought, and the header and table show its tracking link', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    const customer = await seller.api('POST', '/customers/save', { body: { firstName: 'Bad', lastName: 'Zip', country: 'US' } });
    await seed(seller, 1, () => ({ orderNumber: 'E17-BAD', customerId: customer.json.customerID, customerName: 'Bad Zip', shipTo: { name: 'Bad Zip', address1: '12 Oak Ave', city: 'Denver', state: 'CO', zip: '8020A', country: 'US' } }));
    const { page, errors } = await openOrders(DESKTOP, seller);
    const table = page.getByTestId('table-orders').locator('table');
    await poll(() => table.textContent()).toContain('E17-BAD');
    expect(await table.getByRole('columnheader', { name: 'Order #' }).count()).toBe(1);
    await table.getByText('E17-BAD').click();
    const details = dialog(page);
    await details.getByRole('button', { name: 'Edit Order' }).click();
    const zip = details.getByLabel('ZIP');
    // The checker's rule, in plain words, before anything is sent.
    await zip.fill('8020B');
    await zip.blur();
    await details.getByText('ZIP must be 5 digits (or ZIP+4).').waitFor();
    await zip.fill('80202');
    await details.getByLabel('Quantity').fill('2');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await poll(() => details.getByTestId('order-details-ship-to').textContent()).toContain('Denver, CO 80202');
    await details.getByText('2 × Soy Candle at $10.00').waitFor();
    expect(await details.getByTestId('order-details-status').textContent()).toBe('unshipped');

    await details.getByRole('button', { name: 'Get Rates' }).click();
    await details.getByLabel('Service').waitFor();
    await details.getByRole('button', { name: 'Buy Label' }).click();
    await details.getByTestId('label-bought').waitFor();
    // The header follows the purchase: shipped, with the carrier's tracking page one click away.
    await poll(() => details.getByTestId('order-details-status').textContent()).toBe('shipped');
    const link = details.getByTestId('order-details-tracking').getByRole('link');
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=9400\d{18}$/);
    expect(await link.getAttribute('target')).toBe('_blank');

    // Voided in the same dialog, the label bought next is a new one (a new purchase), never the voided one again.
    const tracking = async () => /tracking (\d+)/.exec((await details.getByTestId('label-bought').textContent()) ?? '')?.[1];
    const voided = await tracking();
    expect(voided).toMatch(/^9400\d{18}$/);
    await details.getByRole('button', { name: 'Void Label' }).click();
    await page.getByRole('dialog', { name: 'Void this label?' }).getByRole('button', { name: 'Void Label' }).click();
    await details.getByRole('button', { name: 'Get Rates' }).click();
    await details.getByLabel('Service').waitFor();
    await details.getByRole('button', { name: 'Buy Label' }).click();
    await details.getByTestId('label-bought').waitFor();
    const bought = await tracking();
    expect(bought).toMatch(/^9400\d{18}$/);
    expect(bought).not.toBe(voided);
    await poll(() => details.getByTestId('order-details-status').textContent()).toBe('shipped');
    await details.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => table.getByTestId('tracking-link').count()).toBe(1);
    expect(await table.getByTestId('tracking-link').getAttribute('href')).toContain(bought);
    expect(errors).toEqual([]);
  }, 90_000);

  it('Batch Purchase keeps ticks across pages, shows each order’s weight, service and price, and an order’s own weight', async () => {
    const seller = await shippingSeller(0, 'growth');
    await seed(seller, 22, (n) => (n === 22 ? { weightOz: 48 } : {}));
    const { page, errors } = await openOrders(DESKTOP, seller);
    const ticks = page.getByTestId('table-orders').locator('table').getByTestId('batch-select');
    await poll(() => ticks.count()).toBe(20);
    // Newest first: E17-22 (its own 48 oz) heads page 1; E17-01 is on page 2.
    await ticks.first().check();
    await page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true }).click();
    await poll(() => ticks.count()).toBe(2);
    await ticks.last().check();
    await page.getByRole('button', { name: 'Batch Purchase (2)' }).click();
    const batch = dialog(page);
    await batch.getByRole('button', { name: 'See Breakdown' }).click();
    const lines = batch.getByTestId('batch-line');
    await poll(() => lines.count()).toBe(2);
    const own = lines.filter({ hasText: 'E17-22' });
    expect(await own.getByRole('spinbutton').inputValue()).toBe('48');
    expect(await own.textContent()).toContain("order's own");
    expect(await own.textContent()).toContain('USPS Ground Advantage');
    expect(await own.textContent()).toMatch(/\$\d+\.\d{2}/);
    expect(await lines.filter({ hasText: 'E17-01' }).getByRole('spinbutton').inputValue()).toBe('16');
    // A change for one order asks for the prices again before anything can be bought.
    await lines.filter({ hasText: 'E17-01' }).getByRole('spinbutton').fill('40');
    await batch.getByRole('button', { name: 'Update Prices' }).click();
    await poll(() => lines.filter({ hasText: 'E17-01' }).textContent()).toContain('changed here');
    await batch.getByRole('button', { name: 'Buy 2 Labels' }).waitFor();
    // All unshipped: every one of the 22.
    await batch.getByLabel('All unshipped orders (up to 500)').check();
    await batch.getByRole('button', { name: 'Update Prices' }).click();
    await poll(() => lines.count()).toBe(22);
    expect(errors).toEqual([]);
  }, 90_000);

  it('sorting by date sorts the whole list, not the page on screen', async () => {
    const seller = await shippingSeller(0, 'growth');
    await seed(seller, 22);
    const { page, errors } = await openOrders(DESKTOP, seller);
    const table = page.getByTestId('table-orders').locator('table');
    const first = () => table.locator('tbody tr').first().textContent();
    await poll(first).toContain('E17-22');
    await table.getByRole('columnheader', { name: /Date/ }).getByRole('button').click();
    await poll(first).toContain('E17-01');
    // A column no index keeps in order is not offered for sorting while the list runs over a page.
    expect(await table.getByRole('columnheader', { name: /Total/ }).getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('exactly full pages: no empty page is offered, Next stops at the last page, and Last appears once the last page is known', async () => {
    const seller = await shippingSeller(0, 'growth');
    await seed(seller, 40);
    const { page, errors } = await openOrders(DESKTOP, seller);
    const table = page.getByTestId('table-orders');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const first = () => table.locator('tbody tr').first().textContent();
    await poll(first).toContain('E17-40');
    // Page 2 is read ahead; whether a third exists is not known yet, so there is no last page to jump to.
    // (A disabled page link is a span, not a button: react-bootstrap's Pagination.)
    await poll(() => pager.getByRole('button', { name: 'Next page' }).count()).toBe(1);
    expect(await pager.getByLabel('Last page').count()).toBe(0);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await poll(first).toContain('E17-20');
    expect(await table.locator('tbody tr').count()).toBe(20);
    // The page after it was read and had nothing: two pages, the second on screen, none after it.
    await poll(() => pager.getByLabel('Last page').count()).toBe(1);
    expect(await pager.getByRole('button', { name: 'Next page' }).count()).toBe(0);
    expect(await pager.getByLabel('Next page').count()).toBe(1);
    expect(await pager.getByText('3', { exact: true }).count()).toBe(0);
    expect(await table.getByTestId('table-empty').count()).toBe(0);
    await pager.getByRole('button', { name: 'First page' }).click();
    await poll(first).toContain('E17-40');
    await pager.getByRole('button', { name: 'Last page' }).click();
    await poll(first).toContain('E17-20');
    expect(errors).toEqual([]);
  }, 60_000);

  it('an order shipped another way or cancelled offers no label; a shipped one with tracking takes a delivery claim', async () => {
    const seller = await shippingSeller(50_000, 'growth');
    await seed(seller, 2, (n) =>
      n === 1
        ? { orderNumber: 'E17-DLV', status: 'delivered', carrier: 'USPS', trackingNumber: '9400100000000000000001' }
        : { orderNumber: 'E17-CXL', status: 'cancelled' },
    );
    const { page, errors } = await openOrders(DESKTOP, seller);
    const table = page.getByTestId('table-orders').locator('table');
    await poll(() => table.textContent()).toContain('E17-DLV');
    await table.getByText('E17-DLV').click();
    const details = dialog(page);
    await poll(() => details.getByTestId('order-not-shippable').textContent()).toContain('This order is delivered, tracking 9400100000000000000001.');
    expect(await details.getByRole('button', { name: 'Buy Label' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Get Rates' }).count()).toBe(0);
    await details.getByRole('button', { name: 'File a Delivery Claim' }).click();
    await details.getByLabel('What happened to this package?').fill('Never arrived.');
    await details.getByRole('button', { name: 'Send Claim' }).click();
    await poll(() => details.getByTestId('claim-result').textContent()).toContain('Your claim was filed.');
    await details.getByRole('button', { name: 'Close' }).last().click();
    // Opened again, the order says its claim is filed and offers no second one.
    await table.getByText('E17-DLV').click();
    await poll(() => dialog(page).getByTestId('claim-filed').textContent()).toMatch(/^A delivery claim was filed on \d{2}\/\d{2}\/\d{4}\.$/);
    expect(await dialog(page).getByRole('button', { name: 'File a Delivery Claim' }).count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Close' }).last().click();

    await table.getByText('E17-CXL').click();
    await poll(() => dialog(page).getByTestId('order-not-shippable').textContent()).toBe('This order is cancelled.');
    expect(await dialog(page).getByRole('button', { name: 'Buy Label' }).count()).toBe(0);
    expect(await dialog(page).getByRole('button', { name: 'File a Delivery Claim' }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('New Order fills the ship-to from the customer and refuses a negative quantity before a subtotal', async () => {
    const seller = await shippingSeller(0, 'growth');
    const saved = await seller.api('POST', '/customers/save', {
      body: { firstName: 'Odile', lastName: 'Fairweather', address1: '9 Lake Rd', city: 'Madison', state: 'WI', zip: '53703', country: 'US' },
    });
    expect(saved.status).toBe(200);
    const { page, errors } = await openOrders(DESKTOP, seller);
    await page.getByRole('button', { name: 'New Order' }).click();
    const form = page.getByRole('dialog', { name: 'New Order' });
    await form.getByLabel('Find a customer').fill('Fairw');
    await page.getByRole('option', { name: /Odile Fairweather/ }).click();
    expect(await form.getByLabel('Address', { exact: true }).inputValue()).toBe('9 Lake Rd');
    expect(await form.getByLabel('ZIP').inputValue()).toBe('53703');
    await form.getByLabel('City').fill('Monona');
    expect(await form.getByLabel('City').inputValue()).toBe('Monona');
    // Address autocomplete: nothing asked below 6 characters, then the seller's own addresses.
    const lookup = form.getByLabel('Look up from your customers and orders');
    await lookup.fill('9 Lak');
    expect(await page.getByRole('option', { name: /9 Lake Rd/ }).count()).toBe(0);
    await lookup.fill('9 Lake');
    await page.getByRole('option', { name: /9 Lake Rd/ }).click();
    expect(await form.getByLabel('City').inputValue()).toBe('Madison');
    await form.getByRole('button', { name: 'Type a Product' }).click();
    await form.getByLabel('Product').fill('Gift box');
    await form.getByLabel('Price').fill('5.00');
    await form.getByLabel('Quantity').fill('-3');
    await form.getByText('Quantity must be at least 1.').waitFor();
    expect(await form.getByTestId('order-subtotal').count()).toBe(0);
    await form.getByLabel('Quantity').fill('3');
    await poll(() => form.getByTestId('order-subtotal').textContent()).toBe('Subtotal $15.00');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('orders that can always be shipped at 375 px', () => {
  it('Request USPS Pickup refuses a Sunday in plain words, shows the address, and books once', async () => {
    const seller = await shippingSeller(0, 'growth');
    const { page, errors } = await openOrders(PHONE, seller);
    await page.getByRole('button', { name: 'Request USPS Pickup' }).click();
    const form = dialog(page);
    expect(await form.getByTestId('pickup-address').textContent()).toContain('500 Congress Ave');
    await form.getByLabel('Pickup date').fill(nextSunday());
    await form.getByText('USPS does not pick up on Sundays. Choose Monday to Saturday.').waitFor();
    await form.getByLabel('Number of packages').fill('999999');
    await form.getByText('USPS picks up 1 to 99 packages at a time.').waitFor();
    expect(await form.textContent()).not.toMatch(/expected|<=|Too big/);
    await form.getByLabel('Pickup date').fill(await form.getByLabel('Pickup date').getAttribute('min') ?? '');
    await form.getByLabel('Number of packages').fill('4');
    await form.getByRole('button', { name: 'Change' }).click();
    await form.getByLabel('Apt, suite').fill('Suite 200');
    await form.getByRole('button', { name: 'Request Pickup' }).click();
    await poll(() => form.getByTestId('pickup-confirmation').textContent()).toMatch(/Pickup scheduled\. Confirmation number: WTC\d{9}/);
    const booked = /WTC\d{9}/.exec((await form.getByTestId('pickup-confirmation').textContent()) ?? '')?.[0];
    expect(await form.getByRole('button', { name: 'Request Pickup' }).isDisabled()).toBe(true);
    await screenshot(page, 'pickup-375.png');
    // The same day asked again with another place and count: the booking that stands is said, not the one asked.
    const day = await form.getByLabel('Pickup date').inputValue();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Request USPS Pickup' }).click();
    const again = dialog(page);
    await again.getByLabel('Pickup date').fill(day);
    await again.getByLabel('Package location').selectOption('Back Door');
    await again.getByLabel('Number of packages').fill('12');
    await again.getByRole('button', { name: 'Request Pickup' }).click();
    const [y, m, d] = day.split('-');
    await poll(() => again.getByTestId('pickup-confirmation').textContent()).toBe(
      `This pickup was already scheduled for ${m}/${d}/${y}: 4 packages at Front Door. Your changes were not made: USPS keeps one pickup a day. Confirmation number: ${booked}`,
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it("a customer's US ZIP with a letter is refused in the form", async () => {
    const seller = await shippingSeller(0, 'growth');
    const { page, errors } = await open(PHONE);
    await signInAs(page, seller, '/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const form = dialog(page);
    await form.getByLabel('First name').fill('Zed');
    await form.getByLabel('Last name').fill('Letter');
    await form.getByLabel('ZIP').fill('9021A');
    await form.getByRole('button', { name: /Save/ }).click();
    await form.getByText('ZIP must be 5 digits (or ZIP+4).').waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
