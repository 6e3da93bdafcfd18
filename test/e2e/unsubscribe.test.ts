import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../functions/domain/email.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, PHONE, screenshot } from './browser.js';

/**
 * /unsubscribe in Chromium, as an email's reader opens it: signed out, the link's token alone. The page asks, the
 * button unsubscribes, and /customers then shows the customer unsubscribed.
 */
const { open } = browserPerFile();

async function customerWithLink(label: string) {
  const businessName = `Candle Co ${label}`;
  const seller = await createTestSeller({ plan: 'growth', businessName });
  const saved = await seller.api('POST', '/customers/save', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${crypto.randomUUID().slice(0, 8)}@customers.test`, country: 'US' },
  });
  expect(saved.status).toBe(200);
  const customerId = saved.json.customerID as string;
  // The key the local cloud signs links with (its function environment, which this process inherits).
  const token = unsubscribeToken(process.env.EMAIL_LINK_KEY!, { sellerId: seller.sellerId, customerId });
  const status = async () => (await seller.api('GET', '/customers/get', { query: { id: customerId } })).json.emailStatus as string;
  return { businessName, token, status };
}

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const)('unsubscribe at %s', (label, viewport) => {
  it('a signed-out reader unsubscribes with the link and sees it confirmed', async () => {
    const { businessName, token, status } = await customerWithLink(label);
    const { page, errors } = await open(viewport);
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByText(`Stop marketing emails from ${businessName}?`).waitFor();
    expect(await status()).toBe('ok');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You are unsubscribed.').waitFor();
    expect(page.url()).toContain('/unsubscribe');
    await expect.poll(status, { timeout: 10_000 }).toBe('unsubscribed');
    await screenshot(page, `unsubscribe-${viewport.width}.png`);

    // A broken link says so, and nothing else happens.
    await page.goto('/unsubscribe?token=forged.token');
    await page.getByText('This unsubscribe link is not valid.').waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    // The refused GET is the only console error (the browser logs the 400 of the broken link).
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
  });
});
