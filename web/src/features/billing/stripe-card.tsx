// Types only from the main entry point: it injects Stripe.js when imported, on every page, whatever the processor;
// the pure one loads it when loadStripe is called.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { config } from '../../config';

export const STRIPE_NOT_CONFIGURED = 'Card payments are not set up yet. Please contact support.';
export const STRIPE_NOT_LOADED = 'The card form could not be loaded. Check your connection and reload the page.';

/** Thrown when Stripe.js made no PaymentMethod; its message is already shown under the card field. */
export class CardNotTokenized extends Error {
  override name = 'CardNotTokenized';
}

/** What the billing form asks of the card element when it saves. */
export interface StripeCard {
  /** A new PaymentMethod from the card typed into Stripe's element; its `pm_…` id is POST /payment's token. */
  createToken(details: { name: string; zip: string; address1?: string; city?: string; state?: string }): Promise<string>;
}

// Stripe.js is fetched once per page, and only by a form whose server charges through Stripe.
let stripeJs: Promise<Stripe | null> | undefined;
function loadStripeJs(key: string) {
  stripeJs ??= loadStripe(key).catch((err: unknown) => {
    stripeJs = undefined; // a later form may try again
    throw err;
  });
  return stripeJs;
}

/**
 * Stripe's card element in place of our number, expiry and CVC inputs: the card never touches our inputs or API.
 * The form's own ZIP is sent as the billing postal code, so the element's postal code field is hidden.
 */
export function StripeCardField({ cardRef }: { cardRef: RefObject<StripeCard | null> }) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const key = config().stripePublishableKey;

  useEffect(() => {
    if (!key) {
      setError(STRIPE_NOT_CONFIGURED);
      return;
    }
    let element: StripeCardElement | undefined;
    let gone = false;
    loadStripeJs(key).then(
      (stripe) => {
        if (gone || !mountPoint.current) return;
        if (!stripe) return setError(STRIPE_NOT_LOADED);
        const card = stripe.elements().create('card', { hidePostalCode: true });
        element = card;
        card.on('change', (event) => setError(event.error?.message));
        card.mount(mountPoint.current);
        cardRef.current = {
          async createToken({ name, zip, address1, city, state }) {
            const made = await stripe.createPaymentMethod({
              type: 'card',
              card,
              // The payment model's billing address (spec section 3) goes to the processor with the card, not to us.
              billing_details: { name, address: { postal_code: zip, ...(address1 ? { line1: address1, city, state, country: 'US' } : {}) } },
            });
            if (made.error || !made.paymentMethod) {
              const message = made.error?.message ?? STRIPE_NOT_LOADED;
              setError(message);
              throw new CardNotTokenized(message);
            }
            setError(undefined);
            return made.paymentMethod.id;
          },
        };
      },
      () => {
        if (!gone) setError(STRIPE_NOT_LOADED);
      },
    );
    return () => {
      gone = true;
      cardRef.current = null;
      element?.destroy();
    };
  }, [key, cardRef]);

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">Card</legend>
      <div ref={mountPoint} data-testid="stripe-card" className={`form-control${error ? ' is-invalid' : ''}`} />
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
