import { describe, expect, it } from 'vitest';
import { consultantEntity } from '../../functions/data/entities.js';
import { getBilling } from '../../functions/data/payments.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { createSandboxBankToken } from '../../shared/domain/sandbox-card.js';
import { sandboxToken, saveSandboxCard } from '../support/payments.js';
import { everythingOf } from '../support/seller-items.js';
import { createTestSeller } from '../support/sellers.js';

const PAYMENT_ERROR = 'An error occurred when processing your payment.';
const payBody = (token: string, plan = 'growth', extra: Record<string, unknown> = {}) => ({
  token,
  plan,
  zip: '78701-1234',
  paymentProcessor: 'sandbox',
  autoRechargeAmount: 25,
  ...extra,
});

describe('POST /payment with the sandbox gateway', () => {
  it('saves the card (brand, last 4, expiry, ZIP first 5 only), charges the plan and starts it', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: payBody(sandboxToken('success')) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, plan: 'growth', method: { brand: 'Visa', last4: '4242' } });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    const billing = await getBilling(seller.sellerId);
    expect(billing).toMatchObject({ last4: '4242', zip: '78701', autoRechargeAmount: 25, processor: 'sandbox' });
    expect(JSON.stringify(billing)).not.toMatch(/4242424242424242/);
    const history = await seller.api('GET', '/payment/history');
    // The processing fee is the plan's at the time of the charge (starter: 2.95 %).
    expect(history.json.charges).toEqual([expect.objectContaining({ amountCents: 1900, feeCents: 30 + 56, status: 'succeeded' })]);
  });

  it('a declined card answers the payment error and leaves the plan and the saved card unchanged', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const res = await seller.api('POST', '/payment', { body: payBody(sandboxToken('declined')) });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ message: PAYMENT_ERROR, reason: 'declined' });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
    expect((await getBilling(seller.sellerId))?.last4).toBe('4242');
  });

  it('a processor failure answers the payment error too', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: payBody(sandboxToken('processingError')) });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ message: PAYMENT_ERROR, reason: 'failed' });
    expect(await getBilling(seller.sellerId)).toBeNull();
  });

  it('a declined card changes nothing of the seller, and the same card may be tried again', async () => {
    const seller = await createTestSeller();
    const before = await everythingOf(seller.sellerId);
    const token = sandboxToken('declined');
    const res = await seller.api('POST', '/payment', { body: payBody(token) });
    expect(res.status).toBe(402);
    expect(await everythingOf(seller.sellerId)).toEqual(before);
    expect((await seller.api('POST', '/payment', { body: payBody(token) })).json).toMatchObject({ reason: 'declined' });
  });

  it('a token is good once: reusing it answers reason tokenReused (the page retries with a new token)', async () => {
    const seller = await createTestSeller();
    const token = sandboxToken('success');
    expect((await seller.api('POST', '/payment', { body: payBody(token) })).status).toBe(200);
    const again = await seller.api('POST', '/payment', { body: payBody(token, 'executive') });
    expect(again.status).toBe(402);
    expect(again.json).toMatchObject({ message: PAYMENT_ERROR, reason: 'tokenReused' });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
  });

  it.each([
    [{ token: '' }, 'token', 'A payment method must be selected.'],
    [{ zip: '787' }, 'zip', 'ZIP must be at least 5 characters.'],
    [{ plan: 'platinum' }, 'plan', 'Choose a plan.'],
    [{ autoRechargeAmount: 33 }, 'autoRechargeAmount', 'Choose a recharge amount.'],
  ])('refuses %j with 400 and changes nothing', async (override, field, message) => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: { ...payBody(sandboxToken()), ...override } });
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
    expect(await getBilling(seller.sellerId)).toBeNull();
  });

  it('without a token keeps the saved card and changes only the recharge amount, charging nothing', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const saved = await getBilling(seller.sellerId);
    const res = await seller.api('POST', '/payment', { body: { plan: 'growth', autoRechargeAmount: 0 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, plan: 'growth' });
    expect(await getBilling(seller.sellerId)).toMatchObject({ methodRef: saved?.methodRef, last4: '4242', autoRechargeAmount: 0 });
    expect((await seller.api('GET', '/payment/history')).json.charges).toHaveLength(1);
  });

  it('without a token and no saved method: 400, a payment method must be selected, nothing saved', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: { plan: 'growth', autoRechargeAmount: 25 } });
    expect(res.status).toBe(400);
    expect(res.json.errors.method).toBe('A payment method must be selected.');
    expect(await getBilling(seller.sellerId)).toBeNull();
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
  });

  it('a new token without its ZIP is refused with 400 and nothing saved', async () => {
    const seller = await createTestSeller();
    const { zip: _, ...noZip } = payBody(sandboxToken());
    const res = await seller.api('POST', '/payment', { body: noZip });
    expect(res.status).toBe(400);
    expect(res.json.errors.zip).toBe('ZIP must be at least 5 characters.');
    expect(await getBilling(seller.sellerId)).toBeNull();
  });

  it('a token that is not the processor\'s is refused with the payment error', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment', { body: payBody('tok_made_up') });
    expect(res.status).toBe(402);
    expect(res.json.reason).toBe('invalidToken');
  });
});

describe('GET /upgrade/getUpgradeInfo and POST /payment/upgrade', () => {
  it('upgrade info has the fields of spec section 3', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    const res = await seller.api('GET', '/upgrade/getUpgradeInfo');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      annualSubscription: false,
      starterPrice: 5,
      growthPrice: 19,
      executivePrice: 29,
      annualStarterPrice: 5,
      annualGrowthPrice: 14,
      annualExecutivePrice: 22,
      currentPlan: 'growth',
      showAnnual: true,
      trialActive: false,
    });
  });

  it('without a saved method the upgrade is not made and the answer redirects to /payment', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: false } });
    expect(res.json).toEqual({ success: false, redirect: '/payment?package=growth' });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
  });

  it('upgrade charges the difference plan now; a downgrade waits for the next charge', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const up = await seller.api('POST', '/payment/upgrade', { body: { plan: 'executive', annual: false } });
    expect(up.json).toEqual({ success: true, plan: 'executive', chargedCents: 2900 });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('executive');

    const down = await seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: false } });
    expect(down.json).toMatchObject({ success: true, plan: 'executive', pendingPlan: 'growth' });
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('executive');
    expect((await getBilling(seller.sellerId))?.pendingPlan).toBe('growth');

    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([2900, 500]);
  });

  it('switching to annual charges twelve months at the annual rate now', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const res = await seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: true, annualModified: true } });
    expect(res.json).toEqual({ success: true, plan: 'growth', chargedCents: 14 * 12 * 100 });
    expect((await getSellerProfile(seller.sellerId))?.annual).toBe(true);
    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges[0]).toMatchObject({ amountCents: 14 * 12 * 100, description: 'Growth plan, annual' });
  });

  it('two different upgrades sent at once (two tabs): one is charged and made, the other refused with nothing charged', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const answers = await Promise.all([
      seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: false } }),
      seller.api('POST', '/payment/upgrade', { body: { plan: 'executive', annual: false } }),
    ]);
    const made = answers.filter((a) => a.status === 200);
    expect(made).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)).toMatchObject({ status: 409, json: { message: 'An error occurred. Please try again later.' } });
    const plan = made[0]!.json.plan;
    // The plan the seller is on is the one paid for, and only it was charged.
    expect((await getSellerProfile(seller.sellerId))?.package).toBe(plan);
    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([plan === 'growth' ? 1900 : 2900, 500]);
  });

  it('an upgrade decided from a profile read a moment before another write to it (the gate reads eventually) is made', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const read = (await getSellerProfile(seller.sellerId))!;
    // Something else writes the profile (the walkthrough closed) after the gate read it: same plan, newer version.
    expect((await seller.api('POST', '/orders/closeWalktrhough')).status).toBe(200);
    expect((await getSellerProfile(seller.sellerId))?.updatedAt).not.toBe(read.updatedAt);
    const { upgradePlan } = await import('../../functions/billing/plan.js');
    expect(await upgradePlan(read, { plan: 'growth', annual: false, annualModified: false })).toEqual({ success: true, plan: 'growth', chargedCents: 1900 });
    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([1900, 500]);
  });

  it('the same upgrade clicked twice is one charge, and both clicks answer the plan made', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const answers = await Promise.all([0, 1].map(() => seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: false } })));
    expect(answers.map((a) => [a.status, a.json.plan])).toEqual([[200, 'growth'], [200, 'growth']]);
    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([1900, 500]);
  });

  it('an upgrade whose charge is declined answers the payment error and keeps the plan', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    const { paymentGateway } = await import('../../functions/payments/gateway.js');
    await paymentGateway().saveMethod({ sellerId: seller.sellerId, token: sandboxToken('declineOffSession') });
    const res = await seller.api('POST', '/payment/upgrade', { body: { plan: 'growth', annual: false } });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe(PAYMENT_ERROR);
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');
  });
});

describe('GET /payment/billingInfo and ACH-disabled accounts', () => {
  it('tells the billing form the saved card (no number), waiting changes and who may pay by bank', async () => {
    const seller = await createTestSeller({ plan: 'executive' });
    const empty = await seller.api('GET', '/payment/billingInfo');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({
      success: true,
      plan: 'executive',
      annual: false,
      cancellationPending: false,
      achDisabled: false,
      socialLogin: false,
      paymentProcessor: 'sandbox',
      requiresLinkedBank: false,
      planPaid: false,
    });

    await saveSandboxCard(seller);
    await seller.api('POST', '/payment/upgrade', { body: { plan: 'starter', annual: false } });
    const info = await seller.api('GET', '/payment/billingInfo');
    expect(info.json).toMatchObject({
      plan: 'executive',
      pendingPlan: 'starter',
      pendingAnnual: false,
      autoRechargeAmount: 25,
      method: { kind: 'card', brand: 'Visa', last4: '4242', expMonth: 12 },
    });
    expect(JSON.stringify(info.json)).not.toMatch(/4242424242424242|cus_|pm_/);
  });

  it('an ACH-disabled account cannot save a bank by POST /payment or Plaid: 400, the saved card kept', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    await consultantEntity().patch({ sellerId: seller.sellerId }).set({ achDisabled: true }).go();
    expect((await seller.api('GET', '/payment/billingInfo')).json.achDisabled).toBe(true);

    const bank = createSandboxBankToken({ bankName: 'Test Bank', last4: '6789' });
    const res = await seller.api('POST', '/payment', { body: payBody(bank, 'starter') });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ method: 'Only credit cards can be used on this account.' });
    const plaid = await seller.api('POST', '/settings/SetPlaidDetails', { body: { public_token: 'public-sandbox-abc', account_id: 'acc-9' } });
    expect(plaid.status).toBe(400);
    expect(plaid.json.errors).toEqual({ method: 'Only credit cards can be used on this account.' });
    expect(await getBilling(seller.sellerId)).toMatchObject({ methodKind: 'card', last4: '4242' });

    // A card is still fine.
    expect((await seller.api('POST', '/payment', { body: payBody(sandboxToken('mastercard'), 'starter') })).status).toBe(200);
    expect((await getBilling(seller.sellerId))?.last4).toBe('4444');
  });
});
