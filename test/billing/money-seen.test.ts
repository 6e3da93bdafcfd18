import { describe, expect, it, vi } from 'vitest';
import { getBilling, billingEntity } from '../../functions/data/payments.js';
import { connectIntegration } from '../../functions/data/integrations.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createSandboxBankToken } from '../../shared/domain/sandbox-card.js';
import { saveSandboxCard, sandboxToken } from '../support/payments.js';
import { createTestSeller } from '../support/sellers.js';

/** Issue 17, "Money never moves without the seller seeing it": the server's side of every rule the pages show. */

const PAYMENT_ERROR = 'An error occurred when processing your payment.';
const pay = (extra: Record<string, unknown> = {}) => ({ token: sandboxToken(), plan: 'growth', zip: '78701', paymentProcessor: 'sandbox', autoRechargeAmount: 25, ...extra });
const charges = async (seller: Awaited<ReturnType<typeof createTestSeller>>) =>
  ((await seller.api('GET', '/payment/history')).json.charges as { amountCents: number }[]).map((c) => c.amountCents);

describe('paying again for the plan already paid for', () => {
  it('"Pay and Start" for the current, paid plan is refused with 409 and charges nothing; the answer says what was charged the first time', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const first = await seller.api('POST', '/payment', { body: pay({ createPaymentRequest: true }) });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, plan: 'growth', chargedCents: 1900 });
    expect((await seller.api('GET', '/payment/billingInfo')).json.planPaid).toBe(true);

    const again = await seller.api('POST', '/payment', { body: pay({ createPaymentRequest: true }) });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You already pay for the Growth plan.');
    const againNoToken = await seller.api('POST', '/payment', { body: { plan: 'growth', createPaymentRequest: true } });
    expect(againNoToken.status).toBe(409);
    expect(await charges(seller)).toEqual([1900]);
  });

  it('without createPaymentRequest a saved card for the current plan charges nothing (settings), and the plan is not marked paid', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    const res = await seller.api('POST', '/payment', { body: pay({ plan: 'starter' }) });
    expect(res.status).toBe(200);
    expect(res.json.chargedCents).toBeUndefined();
    expect(await charges(seller)).toEqual([]);
    expect((await seller.api('GET', '/payment/billingInfo')).json.planPaid).toBe(false);
    // The plan not paid yet may still be started.
    const start = await seller.api('POST', '/payment', { body: { plan: 'starter', createPaymentRequest: true } });
    expect(start.json).toMatchObject({ success: true, plan: 'starter', chargedCents: 500 });
  });

  it('an annual switch of the paid plan is a new period, charged; choosing the same period again then is refused', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const annual = await seller.api('POST', '/payment', { body: { plan: 'growth', annual: true, createPaymentRequest: true } });
    expect(annual.json).toMatchObject({ plan: 'growth', chargedCents: 14 * 12 * 100 });
    expect((await seller.api('POST', '/payment', { body: { plan: 'growth', annual: true, createPaymentRequest: true } })).status).toBe(409);
    expect(await charges(seller)).toEqual([16_800, 1900]);
  });
});

describe('keepCancellation', () => {
  it('true keeps a waiting cancellation; false (the default) withdraws it', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    await billingEntity().patch({ sellerId: seller.sellerId }).set({ cancellationPending: true }).go();
    expect((await seller.api('POST', '/payment', { body: { plan: 'growth', keepCancellation: true } })).status).toBe(200);
    expect((await getBilling(seller.sellerId))?.cancellationPending).toBe(true);
    expect((await seller.api('POST', '/payment', { body: { plan: 'growth' } })).status).toBe(200);
    expect((await getBilling(seller.sellerId))?.cancellationPending).toBe(false);
  });
});

describe('card fields on POST /payment', () => {
  it.each([['7870A'], ['ABCDE'], ['78701-12a4']])('a ZIP with letters (%s) is refused with 400 and nothing saved', async (zip) => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: pay({ zip }) });
    expect(res.status).toBe(400);
    expect(res.json.errors.zip).toBe('ZIP must be 5 digits (or ZIP+4).');
    expect(await getBilling(seller.sellerId)).toBeNull();
  });
});

describe('a refused card says why', () => {
  it.each([
    ['declined', 'declined', 'Your card was declined.'],
    ['expired', 'expired', 'Your card has expired.'],
    ['insufficientFunds', 'insufficientFunds', 'Your card has insufficient funds.'],
  ] as const)('%s: the spec\'s message, with the processor\'s reason as detail', async (card, declineCode, detail) => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: pay({ token: sandboxToken(card), createPaymentRequest: true }) });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ message: PAYMENT_ERROR, reason: 'declined', declineCode, detail });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
  });

  it('a processor failure has no decline detail', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: pay({ token: sandboxToken('processingError') }) });
    expect(res.status).toBe(402);
    expect(res.json.detail).toBeUndefined();
  });
});

describe('a linked bank for a seller on Shopify (spec section 5)', () => {
  it('a typed-in bank token is refused with 400 and the billing form is told a linked bank is required; a card is fine', async () => {
    const seller = await createTestSeller();
    expect((await seller.api('GET', '/payment/billingInfo')).json.requiresLinkedBank).toBe(false);
    await connectIntegration(seller.sellerId, 'shopify', { sealedCredentials: 'sealed', storeUrl: 'https://shop.example.com' });
    expect((await seller.api('GET', '/payment/billingInfo')).json.requiresLinkedBank).toBe(true);

    const bank = createSandboxBankToken({ bankName: 'Typed Bank', last4: '6789' });
    const res = await seller.api('POST', '/payment', { body: pay({ token: bank }) });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ bankLast4: 'Link your bank account to continue.' });
    expect(await getBilling(seller.sellerId)).toBeNull();
    expect((await seller.api('POST', '/payment', { body: pay() })).status).toBe(200);
  });
});

describe('prices and showAnnual from the server\'s configuration (spec section 9)', () => {
  it('PLAN_PRICES overrides the defaults it names in upgrade info and in what is charged; SHOW_ANNUAL=false hides the toggle', async () => {
    const seller = await createTestSeller({ plan: 'starter' });
    await saveSandboxCard(seller);
    vi.stubEnv('PLAN_PRICES', JSON.stringify({ executive: { monthly: 31 }, growth: { annual: 15 } }));
    vi.stubEnv('SHOW_ANNUAL', 'false');
    vi.resetModules();
    try {
      // The services read their configuration as a deployed function does: from its environment, when loaded.
      const { upgradeInfo } = await import('../../functions/billing/overview.js');
      const { upgradePlan } = await import('../../functions/billing/plan.js');
      const profile = await getSellerProfile(seller.sellerId);
      if (!profile) throw new Error('no profile');
      expect(upgradeInfo(profile)).toMatchObject({ executivePrice: 31, annualExecutivePrice: 22, growthPrice: 19, annualGrowthPrice: 15, showAnnual: false });
      expect(await upgradePlan(profile, { plan: 'executive', annual: false, annualModified: false })).toMatchObject({ plan: 'executive', chargedCents: 3100 });
      expect(await charges(seller)).toEqual([3100, 500]);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
