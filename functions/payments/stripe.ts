import Stripe from 'stripe';
import type { DeclineCode, MethodDetails, Processor, Refusal } from './processor.js';

/** What the browser's Stripe.js hands us: a PaymentMethod (`pm_…`) or a card token (`tok_…`). Never card data. */
const PAYMENT_METHOD = /^pm_\w+$/;
const CARD_TOKEN = /^tok_\w+$/;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export interface StripeSettings {
  secretKey: string;
  /** Stripe's own API unless given (tests: a loopback fake). */
  apiBase?: string;
}

/** The official client, pointed at `apiBase` when one is given (the library takes host, port and protocol). */
export function stripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    // Network retries reuse our idempotency key, so a retried charge is still one charge.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/** A processor error whose outcome is unknown (network, Stripe's own failure): the gateway leaves the charge pending. */
export class ProcessorUnavailable extends Error {
  override name = 'ProcessorUnavailable';
}

/**
 * Stripe's errors as the gateway's reasons. Card errors are the issuer's (or Stripe's) refusal of the card:
 * `processing_error` is a failure worth retrying, every other card error (card_declined, expired_card,
 * incorrect_cvc, insufficient_funds, authentication_required for an off-session charge…) a decline. A token or
 * payment method Stripe does not know is invalid; one already used is `tokenReused`, which the page retries
 * with a new token. Anything else (auth, rate limit, network, Stripe down) is not the card's fault and is thrown.
 */
export function refusalOf(err: unknown): Refusal {
  if (err instanceof Stripe.errors.StripeCardError) {
    const message = err.message || 'Your card was declined.';
    if (err.code === 'processing_error') return { ok: false, reason: 'failed', message };
    return { ok: false, reason: 'declined', message, declineCode: declineCodeOf(err.code, err.decline_code) };
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.code === 'token_already_used') return { ok: false, reason: 'tokenReused', message: err.message };
    if (err.code === 'resource_missing' || err.code === 'payment_method_unexpected_state')
      return { ok: false, reason: 'invalidToken', message: err.message };
  }
  if (err instanceof Stripe.errors.StripeError) throw new ProcessorUnavailable(`Stripe: ${err.type} ${err.code ?? ''} ${err.message}`.trim());
  throw err;
}

/**
 * Stripe's card error code (expired_card, card_declined…) and the issuer's decline_code (insufficient_funds,
 * expired_card, generic_decline…) as the reason the seller is told; any other refusal reads as declined.
 */
export function declineCodeOf(code: string | undefined, declineCode: string | undefined): DeclineCode {
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired';
  if (code === 'insufficient_funds' || declineCode === 'insufficient_funds') return 'insufficientFunds';
  return 'declined';
}

async function refusing<T>(call: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await call();
  } catch (err) {
    return refusalOf(err);
  }
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && (value as Refusal).ok === false;

function cardDetails(pm: Stripe.PaymentMethod): Omit<MethodDetails, 'customerRef' | 'methodRef'> | undefined {
  if (!pm.card) return undefined;
  return {
    methodKind: 'card',
    brand: BRANDS[pm.card.brand] ?? pm.card.brand,
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

/**
 * Stripe behind the processor interface: a PaymentMethod attached to the seller's Stripe customer (created on
 * the first save), charged off-session by a confirmed PaymentIntent with our idempotency key as Stripe's.
 */
export function stripeProcessor(stripe: Stripe): Processor {
  return {
    name: 'stripe',
    async attach({ sellerId, email, token, customerRef }) {
      if (!PAYMENT_METHOD.test(token) && !CARD_TOKEN.test(token)) return { ok: false, reason: 'invalidToken', message: 'No such token.' };
      const customer =
        customerRef ??
        (await refusing(async () => {
          // One customer per seller even when two first saves race (Stripe replays the same key's answer).
          const created = await stripe.customers.create({ email, metadata: { sellerId } }, { idempotencyKey: `customer:${sellerId}` });
          return created.id;
        }));
      if (isRefusal(customer)) return customer;
      const methodId = PAYMENT_METHOD.test(token)
        ? token
        : await refusing(async () => (await stripe.paymentMethods.create({ type: 'card', card: { token } })).id);
      if (isRefusal(methodId)) return methodId;
      // Attaching checks the card with the issuer: a card that cannot be saved is refused here.
      const attached = await refusing(() => stripe.paymentMethods.attach(methodId, { customer }));
      if (isRefusal(attached)) return attached;
      const details = cardDetails(attached);
      if (!details) return { ok: false, reason: 'invalidToken', message: 'Only cards can be saved with this processor.' };
      return { ok: true, method: { customerRef: customer, methodRef: attached.id, ...details } };
    },
    async charge({ method, amountCents, description, idempotencyKey }) {
      const intent = await refusing(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: method.customerRef,
            payment_method: method.methodRef,
            description,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey },
        ),
      );
      if (isRefusal(intent)) return intent;
      if (intent.status === 'succeeded') return { ok: true, chargeId: intent.id };
      // requires_action / requires_payment_method: the bank wants the cardholder present, which an off-session charge cannot do.
      return { ok: false, reason: 'declined', message: 'Your card was declined.', declineCode: 'declined' };
    },
  };
}
