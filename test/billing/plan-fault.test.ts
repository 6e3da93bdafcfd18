import { afterEach, describe, expect, it } from 'vitest';
import { getBilling } from '../../functions/data/payments.js';
import { getSellerProfile } from '../../functions/data/sellers.js';
import { handler } from '../../functions/http/billing.js';
import { faults, restoreFaults } from '../support/ddb-faults.js';
import { callInProcess } from '../support/in-process.js';
import { saveSandboxCard } from '../support/payments.js';
import { createTestSeller } from '../support/sellers.js';

afterEach(restoreFaults);

/** A write that marks the plan paid for (applyPlan's billing write, alone or in a transaction). */
const marksPaid = (_name: string, input: Record<string, unknown>) => JSON.stringify(input).includes('paidPlan');

describe('a plan charged but not all written', () => {
  it('the write after the charge fails: nothing of the change is kept, and paying again is the same charge, once', async () => {
    const seller = await createTestSeller();
    await saveSandboxCard(seller);
    let failed = 0;
    faults((name, input) => marksPaid(name, input) && ++failed === 1);
    const res = await callInProcess(handler, seller, 'POST', '/payment/upgrade', { plan: 'growth', annual: false });
    restoreFaults();
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(String(res.body))).toEqual({ message: 'An error occurred. Please try again later.' });
    // Not half a change: the seller is not on a plan the billing item does not know as paid for.
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('starter');

    // "Pay and Start" again: the charge made before is found by its key, not made twice.
    const again = await seller.api('POST', '/payment', { body: { plan: 'growth', paymentProcessor: 'sandbox', createPaymentRequest: true } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await getSellerProfile(seller.sellerId))?.package).toBe('growth');
    expect(await getBilling(seller.sellerId)).toMatchObject({ paidPlan: 'growth', paidAnnual: false });
    const history = await seller.api('GET', '/payment/history');
    expect(history.json.charges.map((c: { amountCents: number }) => c.amountCents)).toEqual([1900, 500]);
  });
});
