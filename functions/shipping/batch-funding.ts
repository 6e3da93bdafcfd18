import { MESSAGES } from '../../shared/api/messages.js';
import { type BatchFunding, batchFunding } from '../../shared/domain/batch-funding.js';
import { formatMoney } from '../../shared/domain/format.js';
import { getCharge } from '../data/billing-records.js';
import { getBilling } from '../data/payments.js';
import { getPostage } from '../data/postage.js';
import type { SellerProfile } from '../data/sellers.js';
import { PaymentFailed, PaymentRequired, Refused } from '../domain/errors.js';
import { sellerPlan } from '../domain/seller-plan.js';
import { paymentGateway } from '../payments/gateway.js';
import { rechargeCentsOf } from './recharge.js';

/** The description of a batch's card charge in the payment history. */
export const BATCH_RECHARGE = 'Postage recharge for Batch Purchase';

/** The key of a batch's one card charge: the batch itself, so no retry, redelivery or parallel start charges twice. */
export const batchRechargeKey = (sellerId: string, batchId: string) => `batch-recharge:${sellerId}:${batchId}`;

/** How the seller's batch would be paid for now: the balance, the auto-recharge amount and whether there is a card. */
export async function fundingFor(seller: SellerProfile, lineCents: readonly number[]): Promise<BatchFunding> {
  const [postage, autoRechargeCents, billing] = await Promise.all([getPostage(seller.sellerId), rechargeCentsOf(seller.sellerId), getBilling(seller.sellerId)]);
  // What the gateway needs to charge off-session (gateway.ts chargeSaved): a saved method of a processor's customer.
  const hasPaymentMethod = Boolean(billing?.methodRef && billing.customerRef);
  return batchFunding({ balanceCents: postage.balanceCents, lineCents, autoRechargeCents, hasPaymentMethod, plan: sellerPlan(seller.package) });
}

/**
 * Pays for what the balance lacks before any label is bought, and answers the cents to credit with the batch (its
 * creation credits them once). A charge this batch's key made before (a start that died before its batch was
 * written) is credited, never made again. The charge is never more than the seller confirmed in the breakdown; a
 * refusal or a declined card throws, and nothing is bought.
 */
export async function payForBatch(seller: SellerProfile, batchId: string, funding: BatchFunding, confirmedChargeCents: number): Promise<number> {
  const { sellerId } = seller;
  const key = batchRechargeKey(sellerId, batchId);
  const before = await getCharge(sellerId, key);
  if (before?.status === 'succeeded') return before.amountCents;
  switch (funding.kind) {
    case 'covered':
      return 0;
    case 'refused':
      if (funding.reason === 'postageOff') throw new Refused(MESSAGES.postageOff);
      throw new PaymentRequired(
        MESSAGES.batchBeyondBalance(formatMoney(funding.balanceCents / 100), String(funding.coveredLabels), String(funding.labelCount)),
      );
    case 'recharge': {
      if (funding.chargeCents > confirmedChargeCents) throw new Refused(MESSAGES.batchChargeChanged);
      const charge = await paymentGateway().chargeSaved({ sellerId, amountCents: funding.chargeCents, description: BATCH_RECHARGE, idempotencyKey: key });
      if (!charge.ok) throw new PaymentFailed(charge.message, charge.declineCode);
      return funding.chargeCents;
    }
  }
}
