import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeEntity, getBilling } from '../../functions/data/payments.js';
import { paymentGateway } from '../../functions/payments/gateway.js';
import { stripeClient, stripeProcessor } from '../../functions/payments/stripe.js';
import { createTestSeller } from '../support/sellers.js';
import { type FakeStripe, startFakeStripe } from './stripe-fake.js';

/** The Stripe processor (official `stripe` client) behind the gateway, against a loopback fake of Stripe's API. */
const KEY = 'sk_test_fake_consultant_desk';

describe('Stripe processor through the payment gateway', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe(KEY);
  });
  afterAll(() => fake.close());
  const gateway = (secretKey = KEY) => paymentGateway(stripeProcessor(stripeClient({ secretKey, apiBase: fake.url })));
  const sent = (path: string) => fake.requests.filter((r) => r.path === path);

  it('saves a card token: a Stripe customer, a PaymentMethod from the token, attached; stores brand, last 4 and expiry only', async () => {
    const seller = await createTestSeller();
    const saved = await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_visa', zip: '78701-1234' });
    expect(saved).toEqual({ ok: true, method: { methodKind: 'card', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034 } });

    const customer = sent('/v1/customers').find((r) => r.body['metadata[sellerId]'] === seller.sellerId);
    expect(customer).toMatchObject({ auth: `Bearer ${KEY}`, idempotencyKey: `customer:${seller.sellerId}`, body: { email: seller.email } });
    expect(sent('/v1/payment_methods').at(-1)?.body).toEqual({ type: 'card', 'card[token]': 'tok_visa' });
    const billing = await getBilling(seller.sellerId);
    expect(billing).toMatchObject({ processor: 'stripe', customerRef: expect.stringMatching(/^cus_/), methodRef: expect.stringMatching(/^pm_/), last4: '4242', zip: '78701' });
    expect(fake.requests.find((r) => r.path === `/v1/payment_methods/${billing?.methodRef}/attach`)?.body).toEqual({ customer: billing?.customerRef });
    expect(JSON.stringify(billing)).not.toMatch(/tok_visa|cvc|number/i);

    // A second card for the same seller goes on the same Stripe customer.
    const customersBefore = sent('/v1/customers').length;
    expect(await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_mastercard' })).toMatchObject({ ok: true, method: { brand: 'MasterCard', last4: '4444' } });
    expect(sent('/v1/customers')).toHaveLength(customersBefore);
    expect((await getBilling(seller.sellerId))?.customerRef).toBe(billing?.customerRef);
  });

  it('charges with a confirmed off-session PaymentIntent carrying our idempotency key; a repeated key charges once', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_visa' });
    const billing = await getBilling(seller.sellerId);
    const input = { sellerId: seller.sellerId, amountCents: 2500, description: 'Postage auto-recharge', idempotencyKey: 'recharge-7' };
    const first = await gateway().chargeSaved(input);
    expect(first).toEqual({ ok: true, chargeId: expect.stringMatching(/^pi_/) });
    expect(sent('/v1/payment_intents').at(-1)).toMatchObject({
      idempotencyKey: `${seller.sellerId}:recharge-7`,
      body: {
        amount: '2500',
        currency: 'usd',
        customer: billing?.customerRef,
        payment_method: billing?.methodRef,
        description: 'Postage auto-recharge',
        confirm: 'true',
        off_session: 'true',
      },
    });
    expect(await gateway().chargeSaved(input)).toEqual(first);

    // The processor asked twice with one key (a pending record finished after a crash) is still one charge.
    const processor = stripeProcessor(stripeClient({ secretKey: KEY, apiBase: fake.url }));
    const method = { customerRef: billing?.customerRef ?? '', methodRef: billing?.methodRef ?? '' };
    const again = await processor.charge({ method, amountCents: 900, description: 'Overage', idempotencyKey: `${seller.sellerId}:overage-1` });
    const replay = await processor.charge({ method, amountCents: 900, description: 'Overage', idempotencyKey: `${seller.sellerId}:overage-1` });
    expect(replay).toEqual(again);
    expect(fake.charges.filter((c) => c.customer === method.customerRef).map((c) => c.amount)).toEqual([2500, 900]);

    const { data } = await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'recharge-7' }).go();
    expect(data).toMatchObject({ status: 'succeeded', chargeId: first.ok ? first.chargeId : '', processor: 'stripe', feeCents: 30 + 73 });
  });

  it('a lost answer is retried by the client with the same key: one charge, the gateway gets the result', async () => {
    const seller = await createTestSeller();
    await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_visa' });
    const customerRef = (await getBilling(seller.sellerId))?.customerRef;
    fake.dropNextChargeAnswer();
    const result = await gateway().chargeSaved({ sellerId: seller.sellerId, amountCents: 1000, description: 'Extra shipments', idempotencyKey: 'overage-2' });
    expect(result).toMatchObject({ ok: true });
    expect(sent('/v1/payment_intents').filter((r) => r.idempotencyKey === `${seller.sellerId}:overage-2`)).toHaveLength(2);
    expect(fake.charges.filter((c) => c.customer === customerRef)).toHaveLength(1);
  });

  // The decline code is the reason the seller is told (issue 17): Stripe's code and the issuer's decline_code.
  it.each([
    ['tok_chargeDeclined', 'declined', 'Your card was declined.', 'declined'],
    ['tok_chargeDeclinedInsufficientFunds', 'declined', 'Your card has insufficient funds.', 'insufficientFunds'],
    ['tok_chargeDeclinedExpiredCard', 'declined', 'Your card has expired.', 'expired'],
    ['tok_chargeDeclinedProcessingError', 'failed', 'An error occurred while processing your card. Try again in a little bit.', undefined],
    ['tok_unknown', 'invalidToken', "No such token: 'tok_unknown'", undefined],
    ['4242424242424242', 'invalidToken', 'No such token.', undefined],
  ])('saving %s is refused as %s and leaves the saved card as it was', async (token, reason, message, declineCode) => {
    const seller = await createTestSeller();
    await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_visa' });
    const before = await getBilling(seller.sellerId);
    expect(await gateway().saveMethod({ sellerId: seller.sellerId, token })).toEqual({ ok: false, reason, message, ...(declineCode ? { declineCode } : {}) });
    expect(await getBilling(seller.sellerId)).toEqual(before);
  });

  it('a token Stripe has already used is tokenReused (the page retries silently with a new one)', async () => {
    const [a, b] = await Promise.all([createTestSeller(), createTestSeller()]);
    const token = fake.createToken('tok_visa');
    expect(await gateway().saveMethod({ sellerId: a.sellerId, token })).toMatchObject({ ok: true });
    // Our own record of used tokens is the seller's; Stripe refuses the token for anyone else.
    expect(await gateway().saveMethod({ sellerId: b.sellerId, token })).toMatchObject({ ok: false, reason: 'tokenReused' });
    expect(await getBilling(b.sellerId)).toBeNull();
  });

  it('a card that saves but declines off-session records the charge as declined', async () => {
    const seller = await createTestSeller();
    expect(await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_chargeCustomerFail' })).toMatchObject({ ok: true, method: { last4: '0341' } });
    const input = { sellerId: seller.sellerId, amountCents: 1900, description: 'Growth plan, monthly', idempotencyKey: 'plan-1' };
    expect(await gateway().chargeSaved(input)).toEqual({ ok: false, reason: 'declined', message: 'Your card was declined.', declineCode: 'declined' });
    const { data } = await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'plan-1' }).go();
    expect(data).toMatchObject({ status: 'declined', message: 'Your card was declined.' });
  });

  it('when Stripe cannot be used (bad key) the charge stays pending and the same key finishes it later', async () => {
    const seller = await createTestSeller();
    await gateway().saveMethod({ sellerId: seller.sellerId, token: 'tok_visa' });
    const input = { sellerId: seller.sellerId, amountCents: 500, description: 'Starter plan, monthly', idempotencyKey: 'plan-2' };
    expect(await gateway('sk_test_wrong').chargeSaved(input)).toMatchObject({ ok: false, reason: 'failed' });
    expect((await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'plan-2' }).go()).data?.status).toBe('pending');
    expect(await gateway('sk_test_wrong').saveMethod({ sellerId: seller.sellerId, token: 'tok_mastercard' })).toMatchObject({ ok: false, reason: 'failed' });

    expect(await gateway().chargeSaved(input)).toMatchObject({ ok: true });
    expect((await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'plan-2' }).go()).data?.status).toBe('succeeded');
  });
});
