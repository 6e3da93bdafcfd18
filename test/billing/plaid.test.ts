import { describe, expect, it } from 'vitest';
import { getBilling } from '../../functions/data/payments.js';
import { paymentGateway } from '../../functions/payments/gateway.js';
import { createTestSeller } from '../support/sellers.js';

/** Bank linking through the local Plaid sandbox (spec section 7). */
describe('Plaid sandbox', () => {
  it('gives a link token, then the linked account becomes the saved bank and can be charged', async () => {
    const seller = await createTestSeller();
    const link = await seller.api('POST', '/payment/GetPlaidLinkToken', { body: { uri: 'http://localhost/settingsbilling' } });
    expect(link.status).toBe(200);
    expect(link.json.linkToken).toMatch(/^link-sandbox-/);

    const set = await seller.api('POST', '/settings/SetPlaidDetails', { body: { public_token: 'public-sandbox-abc123', account_id: 'acc-1' } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ success: true, bankName: 'Plaid Sandbox Bank', bankLast4: expect.stringMatching(/^\d{4}$/) });
    expect(await getBilling(seller.sellerId)).toMatchObject({ methodKind: 'bank', last4: set.json.bankLast4 });

    const charged = await paymentGateway().chargeSaved({ sellerId: seller.sellerId, amountCents: 1000, description: 'Postage recharge', idempotencyKey: 'bank-1' });
    expect(charged.ok).toBe(true);
  });

  it('refuses a public token that is not Plaid sandbox\'s with the payment error, saving nothing', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/settings/SetPlaidDetails', { body: { public_token: 'made-up', account_id: 'acc-1' } });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe('An error occurred when processing your payment.');
    expect(await getBilling(seller.sellerId)).toBeNull();
  });

  it('accepts Plaid Link errors from the browser', async () => {
    const seller = await createTestSeller();
    const res = await seller.api('POST', '/payment/PlaidJSException', {
      body: { err: { error_code: 'INVALID_CREDENTIALS', error_type: 'ITEM_ERROR' }, metadata: { link_session_id: 's1' } },
    });
    expect(res.json).toEqual({ success: true });
  });
});
