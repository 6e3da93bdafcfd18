import { describe, expect, it } from 'vitest';
import { chargeEntity } from '../../functions/data/payments.js';
import { paymentGateway } from '../../functions/payments/gateway.js';
import { sandboxToken, saveSandboxCard } from '../support/payments.js';
import { createTestSeller } from '../support/sellers.js';

/** The gateway other features charge through (postage recharge, shipment overage), against the local cloud. */
describe('paymentGateway().chargeSaved', () => {
  it('charges the saved card once per idempotency key and records it in the payment history', async () => {
    const seller = await createTestSeller({ plan: 'growth' });
    await saveSandboxCard(seller);
    const gateway = paymentGateway();
    const input = { sellerId: seller.sellerId, amountCents: 2500, description: 'Postage recharge', idempotencyKey: 'recharge-1' };
    const first = await gateway.chargeSaved(input);
    const again = await gateway.chargeSaved(input);
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);

    const history = await seller.api('GET', '/payment/history');
    expect(history.status).toBe(200);
    const recharges = history.json.charges.filter((c: { id: string }) => c.id === 'recharge-1');
    expect(recharges).toEqual([
      expect.objectContaining({ amountCents: 2500, feeCents: 30 + 73, status: 'succeeded', description: 'Postage recharge', card: 'Visa ending 4242' }),
    ]);
  });

  it('refuses without a saved method and records nothing', async () => {
    const seller = await createTestSeller();
    const result = await paymentGateway().chargeSaved({ sellerId: seller.sellerId, amountCents: 1000, description: 'Overage', idempotencyKey: 'k1' });
    expect(result).toEqual({ ok: false, reason: 'failed', message: expect.stringMatching(/No saved payment method/) });
    expect((await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'k1' }).go()).data).toBeNull();
  });

  it('records a declined off-session charge as declined, and a repeat of its key does not retry', async () => {
    const seller = await createTestSeller();
    // Saved without a first charge: this card declines every charge, the first one included.
    expect(await paymentGateway().saveMethod({ sellerId: seller.sellerId, token: sandboxToken('declineOffSession') })).toMatchObject({ ok: true });
    const input = { sellerId: seller.sellerId, amountCents: 1000, description: 'Shipment overage', idempotencyKey: 'overage-1' };
    const result = await paymentGateway().chargeSaved(input);
    expect(result).toEqual({ ok: false, reason: 'declined', message: 'Your card was declined.', declineCode: 'declined' });
    expect(await paymentGateway().chargeSaved(input)).toEqual(result);
    const { data } = await chargeEntity().get({ sellerId: seller.sellerId, idempotencyKey: 'overage-1' }).go();
    expect(data).toMatchObject({ status: 'declined', amountCents: 1000 });
  });

  it('refuses amounts that are not a positive whole number of cents', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    for (const amountCents of [0, -5, 10.5]) {
      const r = await paymentGateway().chargeSaved({ sellerId: seller.sellerId, amountCents, description: 'x', idempotencyKey: `bad-${amountCents}` });
      expect(r.ok).toBe(false);
    }
  });
});
