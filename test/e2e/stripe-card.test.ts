import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { getBilling } from '../../functions/data/payments.js';
import { createTestSeller } from '../support/sellers.js';
import { browserPerFile, DESKTOP, signInAs } from './browser.js';
import { PUBLISHABLE_KEY, routeStripeSetup } from './stripe-standin.js';

/**
 * /settingsbilling when the server's processor is Stripe: the card is typed into Stripe's element and tokenized by
 * Stripe.js. There is no internet here, so the script the official loader (@stripe/stripe-js) injects from
 * js.stripe.com is answered by a stand-in with Stripe.js's documented surface used by the form; the server's answers
 * say `paymentProcessor: 'stripe'` and POST /api/payment is answered here, since the local server runs the sandbox.
 */

const { open } = browserPerFile();

const STRIPE_CARD = '4242 4242 4242 4242';
const BAD_LUHN = '4242424242424241';

interface StandinSeen {
  keys: string[];
  created: { type: string; options: { hidePostalCode?: boolean } }[];
  calls: { type: string; billing_details: { name: string; address: { postal_code: string } }; fromElement: boolean }[];
}

/** Opens /settingsbilling for a new seller with the web config, billing info and Stripe.js of a Stripe setup. */
async function openWithStripe(): Promise<{ page: Page; payments: Request[]; sellerId: string; errors: string[] }> {
  const seller = await createTestSeller({ plan: 'starter' });
  const { page, errors } = await open(DESKTOP);
  await routeStripeSetup(page);
  const payments: Request[] = [];
  await page.route('**/api/payment', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    payments.push(route.request());
    await route.fulfill({ json: { success: true, plan: 'starter' } });
  });
  await signInAs(page, seller, '/settingsbilling');
  await page.getByTestId('stripe-card').getByLabel('Stripe card details').waitFor();
  return { page, payments, sellerId: seller.sellerId, errors };
}

/** The form's own fields beside Stripe's element: the names and the billing address. */
async function fillAddress(page: Page) {
  const form = page.getByTestId('billing-form-settings');
  await form.getByLabel('First name').fill('Demo');
  await form.getByLabel('Last name').fill('Seller');
  await form.getByLabel('Name on card').fill('Demo Seller');
  await form.getByLabel('Billing address').fill('500 Congress Ave');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP').fill('78701');
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __stripeStandin: StandinSeen }).__stripeStandin);

describe('/settingsbilling with Stripe', () => {
  it('mounts Stripe\'s card element instead of our card inputs and sends only the PaymentMethod id as the token', async () => {
    const { page, payments, sellerId, errors } = await openWithStripe();
    const form = page.getByTestId('billing-form-settings');
    expect(await form.getByLabel('Card number', { exact: true }).count()).toBe(0);
    expect(await form.getByLabel('Expiration (MM/YY)').count()).toBe(0);
    expect(await form.getByLabel('CVV').count()).toBe(0);

    await fillAddress(page);
    await form.getByLabel('Stripe card details').fill(STRIPE_CARD);
    await form.getByRole('button', { name: 'Save Billing' }).click();
    await page.getByText('Your billing information has been saved.').waitFor();

    expect(payments).toHaveLength(1);
    const body = payments[0]?.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ token: expect.stringMatching(/^pm_[a-z0-9]+$/), zip: '78701', plan: 'starter', paymentProcessor: 'stripe' });
    const sent = payments[0]?.postData() ?? '';
    expect(sent).not.toContain('4242');
    // Settings saves a card without paying for the plan, and withdraws a waiting cancellation (spec section 7's fields).
    expect(body).toMatchObject({ keepCancellation: false, createPaymentRequest: false });
    expect(Object.keys(body).sort()).toEqual(['annual', 'autoRechargeAmount', 'createPaymentRequest', 'keepCancellation', 'paymentProcessor', 'plan', 'token', 'zip']);

    const standin = await seen(page);
    expect(standin.keys).toEqual([PUBLISHABLE_KEY]);
    expect(standin.created).toEqual([{ type: 'card', options: { hidePostalCode: true } }]);
    // The billing address of the payment model goes to Stripe with the card.
    expect(standin.calls).toEqual([
      {
        type: 'card',
        billing_details: { name: 'Demo Seller', address: { postal_code: '78701', line1: '500 Congress Ave', city: 'Austin', state: 'TX', country: 'US' } },
        fromElement: true,
      },
    ]);
    // The answer was the stand-in's, so nothing reached the local server's billing.
    expect(await getBilling(sellerId)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('shows Stripe.js\'s errors in its words under the card field and sends nothing', async () => {
    const { page, payments } = await openWithStripe();
    const form = page.getByTestId('billing-form-settings');
    const card = form.getByLabel('Stripe card details');
    await fillAddress(page);

    // The element's change event, while typing.
    await card.fill('4242 4242');
    await form.getByText('Your card number is incomplete.').waitFor();
    await card.fill(STRIPE_CARD);
    await expect.poll(() => form.getByText('Your card number is incomplete.').count()).toBe(0);

    // createPaymentMethod's error, on save: the number changes without a change event (the element said nothing),
    // so only the call's answer can put the message there.
    await card.evaluate((input: HTMLInputElement, number: string) => {
      input.value = number;
    }, BAD_LUHN);
    expect(await form.getByText('Your card number is invalid.').count()).toBe(0);
    await form.getByRole('button', { name: 'Save Billing' }).click();
    await expect.poll(async () => (await seen(page)).calls.length).toBe(1);
    await form.getByText('Your card number is invalid.').waitFor();
    expect(payments).toHaveLength(0);
    expect(await page.getByText('Your billing information has been saved.').count()).toBe(0);
  });
});
