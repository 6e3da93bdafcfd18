import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../functions/data/customers.js';
import { suppressAddress, unsubscribeCustomer } from '../../functions/data/email-sends.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot, signInAs } from './browser.js';

/**
 * /customers shows whether email reaches each customer (issue 15): Bounced, Complained, Unsubscribed and No marketing
 * badges in the table (1280 px) or the cards (375 px), and in the customer's details.
 */

const { open } = browserPerFile();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

const PEOPLE = [
  { last: 'Okay', badge: undefined },
  { last: 'Bounce', badge: 'Bounced' },
  { last: 'Complaint', badge: 'Complained' },
  { last: 'Unsub', badge: 'Unsubscribed' },
  { last: 'Etsy', badge: 'No marketing' },
] as const;

async function sellerWithCustomers() {
  const seller = await createTestSeller({ plan: 'growth' });
  for (const p of PEOPLE) {
    const email = `${p.last.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@customers.test`;
    const id = await createCustomer(
      seller.sellerId,
      { firstName: 'Ada', lastName: p.last, email, country: 'US' },
      { source: p.last === 'Etsy' ? 'etsy' : 'manual', marketingAllowed: p.last !== 'Etsy' },
    );
    if (p.last === 'Bounce') await suppressAddress(seller.sellerId, email, 'bounced');
    if (p.last === 'Complaint') await suppressAddress(seller.sellerId, email, 'complained');
    if (p.last === 'Unsub') await unsubscribeCustomer(seller.sellerId, id);
  }
  return seller;
}

/** The row (table) or card (phone) of a customer, by last name. */
const entry = (page: Page, last: string, phone: boolean) =>
  page.locator(phone ? '.data-table-card' : '[data-testid="table-customers"] tbody tr').filter({ hasText: `Ada ${last}` }).or(
    page.locator(phone ? '.data-table-card' : '[data-testid="table-customers"] tbody tr').filter({ hasText: `${last} Ada` }),
  );

describe.each([
  ['1280', DESKTOP],
  ['375', PHONE],
] as const)('email status on /customers at %s px', (width, viewport) => {
  it('badges a bounced, complained, unsubscribed and marketplace customer, in the list and in the details', async () => {
    const seller = await sellerWithCustomers();
    const { page, errors } = await open(viewport);
    await signInAs(page, seller, '/customers');
    const phone = viewport === PHONE;
    await poll(() => entry(page, 'Okay', phone).count()).toBe(1);
    for (const p of PEOPLE) {
      const badge = entry(page, p.last, phone).getByTestId('email-status');
      if (p.badge) await poll(() => badge.textContent()).toBe(p.badge);
      else expect(await badge.count()).toBe(0);
    }
    await screenshot(page, `customer-consent-${width}.png`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    await entry(page, 'Unsub', phone).getByRole('button', { name: 'Actions for Ada Unsub' }).click();
    await page.locator('.dropdown-menu.show').getByText('Details', { exact: true }).click();
    const details = page.getByRole('dialog');
    await poll(() => details.getByTestId('email-status').textContent()).toBe('Unsubscribed');
    expect(await details.getByTestId('email-status').getAttribute('title')).toContain('order emails still reach them');
    expect(errors).toEqual([]);
  });
});
