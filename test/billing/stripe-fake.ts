import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for the parts of Stripe's API the processor uses, answering with the shapes Stripe
 * documents: Customer, PaymentMethod (from a card token, attach), PaymentIntent (confirm, off_session), error
 * objects `{ error: { type, code, decline_code, message, param } }` with Stripe's statuses (402 card errors,
 * 400 invalid requests, 401 bad key), and idempotent requests (a repeated `Idempotency-Key` replays the first
 * answer with `Idempotent-Replayed: true`; different parameters under one key are an idempotency_error).
 * Test tokens behave like Stripe's test-mode ones of the same names (reusable); `createToken` gives single-use ones.
 */
export interface FakeStripe {
  url: string;
  requests: { method: string; path: string; auth?: string; idempotencyKey?: string; body: Record<string, string> }[];
  /** PaymentIntents that moved money (replays excluded). */
  charges: { id: string; amount: number; customer: string; paymentMethod: string }[];
  /** A single-use token for one of the test cards, as Stripe.js's createToken gives the browser. */
  createToken(card: keyof typeof CARDS): string;
  /** Drops the connection after the next PaymentIntent is charged, as a lost answer would. */
  dropNextChargeAnswer(): void;
  close(): Promise<void>;
}

type Outcome = 'ok' | 'card_declined' | 'expired_card' | 'processing_error' | 'insufficient_funds';

interface TestCard {
  brand: string;
  last4: string;
  /** What attaching the card to a customer (Stripe checks it with the issuer) answers. */
  onAttach: Outcome;
  /** What charging it answers. */
  onCharge: Outcome;
}

const CARDS = {
  tok_visa: { brand: 'visa', last4: '4242', onAttach: 'ok', onCharge: 'ok' },
  tok_mastercard: { brand: 'mastercard', last4: '4444', onAttach: 'ok', onCharge: 'ok' },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', onAttach: 'card_declined', onCharge: 'card_declined' },
  tok_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', onAttach: 'insufficient_funds', onCharge: 'insufficient_funds' },
  tok_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', onAttach: 'expired_card', onCharge: 'expired_card' },
  tok_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', onAttach: 'processing_error', onCharge: 'processing_error' },
  tok_chargeCustomerFail: { brand: 'visa', last4: '0341', onAttach: 'ok', onCharge: 'card_declined' },
} satisfies Record<string, TestCard>;

const CARD_ERRORS: Record<Exclude<Outcome, 'ok'>, { code: string; decline_code?: string; message: string }> = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  processing_error: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const charges: FakeStripe['charges'] = [];
  const customers = new Map<string, { id: string; email?: string }>();
  const methods = new Map<string, { id: string; card: TestCard; customer: string | null }>();
  /** Single-use tokens: the card, or undefined once used. */
  const issued = new Map<string, TestCard | undefined>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  let dropNext = false;

  const paymentMethodOf = (pm: { id: string; card: TestCard; customer: string | null }) => ({
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    customer: pm.customer,
    livemode: false,
    card: { brand: pm.card.brand, display_brand: pm.card.brand, last4: pm.card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
  });
  const cardError = (outcome: Exclude<Outcome, 'ok'>, extra: Record<string, unknown> = {}) => ({
    status: 402,
    body: { error: { type: 'card_error', doc_url: `https://docs.stripe.com/error-codes/${CARD_ERRORS[outcome].code.replace(/_/g, '-')}`, ...CARD_ERRORS[outcome], ...extra } },
  });
  const invalid = (code: string, message: string, param?: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', code, message, param } } });

  function answer(method: string, path: string, body: Record<string, string>): { status: number; body: unknown; charged?: boolean } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: body.email };
      customers.set(customer.id, customer);
      return { status: 200, body: { ...customer, object: 'customer', metadata: { sellerId: body['metadata[sellerId]'] } } };
    }
    if (method === 'POST' && path === '/v1/payment_methods') {
      const token = body['card[token]'] ?? '';
      if (issued.has(token) && !issued.get(token)) return invalid('token_already_used', `You cannot use a Stripe token more than once: ${token}.`, 'card[token]');
      const card: TestCard | undefined = issued.get(token) ?? CARDS[token as keyof typeof CARDS];
      if (body.type !== 'card' || !card) return invalid('resource_missing', `No such token: '${token}'`, 'card[token]');
      if (issued.has(token)) issued.set(token, undefined);
      const pm = { id: id('pm'), card, customer: null };
      methods.set(pm.id, pm);
      return { status: 200, body: paymentMethodOf(pm) };
    }
    const attach = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/);
    if (method === 'POST' && attach) {
      const pm = methods.get(decodeURIComponent(attach[1] ?? ''));
      if (!pm) return invalid('resource_missing', `No such PaymentMethod: '${attach[1]}'`, 'payment_method');
      if (!body.customer || !customers.has(body.customer)) return invalid('resource_missing', `No such customer: '${body.customer}'`, 'customer');
      if (pm.customer) return invalid('payment_method_unexpected_state', 'The payment method you provided has already been attached to a customer.');
      if (pm.card.onAttach !== 'ok') return cardError(pm.card.onAttach);
      pm.customer = body.customer;
      return { status: 200, body: paymentMethodOf(pm) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = methods.get(body.payment_method ?? '');
      if (!pm || pm.customer !== body.customer) return invalid('resource_missing', `No such PaymentMethod: '${body.payment_method}'`, 'payment_method');
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) return invalid('amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        currency: body.currency,
        customer: body.customer,
        payment_method: pm.id,
        description: body.description ?? null,
        confirmation_method: 'automatic',
        livemode: false,
      };
      if (pm.card.onCharge !== 'ok') {
        const failed = { ...intent, status: 'requires_payment_method', latest_charge: id('ch') };
        return cardError(pm.card.onCharge, { charge: failed.latest_charge, payment_intent: failed, payment_method: paymentMethodOf(pm) });
      }
      const paid = { ...intent, status: 'succeeded', amount_received: amount, latest_charge: id('ch') };
      charges.push({ id: paid.id, amount, customer: pm.customer ?? '', paymentMethod: pm.id });
      return { status: 200, body: paid, charged: true };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server: Server = createServer(async (req, res) => {
    const body = await formOf(req);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const key = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path, auth: req.headers.authorization, idempotencyKey: key, body });
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      res.end(JSON.stringify(data));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' } });
    }
    const params = JSON.stringify([method, path, body]);
    const earlier = key ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.params !== params) {
        return send(400, {
          error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` },
        });
      }
      return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    const result = answer(method, path, body);
    if (key) idempotent.set(key, { params, status: result.status, body: result.body });
    if (result.charged && dropNext) {
      dropNext = false;
      return res.socket?.destroy();
    }
    send(result.status, result.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    charges,
    createToken: (card) => {
      const token = id('tok');
      issued.set(token, CARDS[card]);
      return token;
    },
    dropNextChargeAnswer: () => {
      dropNext = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
