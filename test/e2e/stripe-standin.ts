import type { Page } from 'playwright-core';

/**
 * Stripe.js in a browser test: there is no internet here, so the script the official loader (@stripe/stripe-js)
 * injects from js.stripe.com is answered by a stand-in with Stripe.js's documented surface used by the billing form.
 */
export const PUBLISHABLE_KEY = 'pk_test_standin';

/** Stripe(key) -> elements() -> create('card') with mount/on('change')/destroy, and createPaymentMethod. */
export const STRIPE_JS_STANDIN = `(() => {
  const seen = { keys: [], created: [], calls: [] };
  window.__stripeStandin = seen;
  const digitsOf = (input) => (input ? input.value.replace(/\\D/g, '') : '');
  const luhn = (digits) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  };
  const problem = (digits) => {
    if (digits.length < 16) return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (!luhn(digits)) return { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    return undefined;
  };
  window.Stripe = function Stripe(key) {
    seen.keys.push(key);
    let input;
    const handlers = [];
    const element = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        input = document.createElement('input');
        input.setAttribute('aria-label', 'Stripe card details');
        input.addEventListener('input', () => {
          const digits = digitsOf(input);
          const error = digits.length === 0 ? undefined : problem(digits);
          for (const h of handlers) h({ elementType: 'card', empty: digits.length === 0, complete: !error && digits.length > 0, error });
        });
        host.appendChild(input);
      },
      on(event, handler) { if (event === 'change') handlers.push(handler); return element; },
      destroy() { if (input) input.remove(); },
    };
    return {
      elements() {
        return { create(type, options) { seen.created.push({ type, options }); return element; } };
      },
      async createPaymentMethod(params) {
        seen.calls.push({ type: params.type, billing_details: params.billing_details, fromElement: params.card === element });
        const error = problem(digitsOf(input));
        if (error) return { error };
        return { paymentMethod: { id: 'pm_' + Math.random().toString(36).slice(2, 14), object: 'payment_method', type: 'card' } };
      },
    };
  };
})();`;

/**
 * The page as a Stripe setup serves it: Stripe.js (the stand-in, from its own origin), the web config's publishable
 * key and billing info naming Stripe; nothing else leaves the machine.
 */
export async function routeStripeSetup(page: Page): Promise<void> {
  // Nothing leaves the machine: any other address off loopback is refused (later routes take precedence).
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort(),
  );
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STANDIN }));
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), stripePublishableKey: PUBLISHABLE_KEY } });
  });
  await page.route('**/payment/billingInfo', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), paymentProcessor: 'stripe', requiresLinkedBank: true } });
  });
}
