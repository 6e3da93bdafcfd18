import { type Plan, SHIPMENT_ALLOWANCE } from '../../shared/domain/plans.js';
import { logger } from '../observability.js';
import { creditRecharge, type getPostage } from '../data/postage.js';
import { creditBatchTopUp } from '../data/label-batches.js';
import { WriteConflict } from '../data/errors.js';
import { pauseBeforeRetry } from '../domain/backoff.js';
import { billingForPurchase, shipmentsForPurchase } from '../data/purchase-reads.js';
import { paymentGateway } from '../payments/gateway.js';

/** Spec section 9: the default recharge is $25; a seller who chose 0 has postage off. */
export const DEFAULT_RECHARGE_DOLLARS = 25;

export async function rechargeCentsOf(sellerId: string): Promise<number> {
  const chosen = (await billingForPurchase(sellerId))?.autoRechargeAmount;
  return Math.round((chosen ?? DEFAULT_RECHARGE_DOLLARS) * 100);
}

export type Postage = Awaited<ReturnType<typeof getPostage>>;

/**
 * When a purchase of `costCents` would leave the balance under the threshold, charges the seller's chosen amount
 * through the payment gateway and credits it. The charge's key is the recharge's sequence number, so purchases
 * racing on a low balance charge once; the gateway records the charge in the payment history.
 */
export async function rechargeIfLow(sellerId: string, postage: Postage, costCents: number, rechargeCents: number) {
  if (rechargeCents <= 0 || postage.balanceCents - costCents >= postage.thresholdCents) return { recharged: false as const };
  const charge = await paymentGateway().chargeSaved({
    sellerId,
    amountCents: rechargeCents,
    description: 'Postage auto-recharge',
    idempotencyKey: `postage-recharge:${sellerId}:${postage.rechargeSeq}`,
  });
  if (!charge.ok) return { recharged: false as const, message: charge.message };
  await creditRecharge(sellerId, postage.rechargeSeq, rechargeCents);
  return { recharged: true as const };
}

/**
 * The one top-up a batch may make when its labels cost more than it was priced at (or another purchase spent the
 * balance it was funded with): one auto-recharge amount, charged with the batch's key and credited once with the
 * batch (creditBatchTopUp), however many of its labels find the balance short. Labels do not recharge one by one
 * inside a batch: 50 purchases at once each recharging $25 was 57 charges and a fee each for one batch.
 */
export async function topUpBatchOnce(sellerId: string, batchId: string, rechargeCents: number) {
  if (rechargeCents <= 0) return { toppedUp: false as const };
  const charge = await paymentGateway().chargeSaved({
    sellerId,
    amountCents: rechargeCents,
    description: 'Postage top-up for Batch Purchase',
    idempotencyKey: `batch-topup:${sellerId}:${batchId}`,
  });
  if (!charge.ok) return { toppedUp: false as const, message: charge.message };
  // The credit shares the balance item with the batch's purchases: a collision is tried again, the condition holds it once.
  for (let i = 1; ; i++) {
    try {
      await creditBatchTopUp(sellerId, batchId, rechargeCents);
      return { toppedUp: true as const };
    } catch (err) {
      if (!(err instanceof WriteConflict) || i >= 8) throw err;
      await pauseBeforeRetry(i, 20);
    }
  }
}

/**
 * Charges the block of extra shipments the month's count has opened (spec section 9: starter $10 per 80 after
 * 20, growth $10 per 100 after 500). The key names the month and block, so however many purchases see the same
 * count, each block is charged once.
 */
export async function chargeShipmentOverage(sellerId: string, plan: Plan, month: string) {
  const { included, blockSize, blockPriceCents } = SHIPMENT_ALLOWANCE[plan];
  // A plan without extra shipments to charge (executive) has no count to read.
  if (!blockPriceCents) return undefined;
  const shipments = await shipmentsForPurchase(sellerId, month);
  if (shipments <= included) return undefined;
  const block = Math.ceil((shipments - included) / blockSize);
  const charge = await paymentGateway().chargeSaved({
    sellerId,
    amountCents: blockPriceCents,
    description: `Extra shipments ${month}: block ${block} of ${blockSize}`,
    idempotencyKey: `shipment-overage:${sellerId}:${month}:${block}`,
  });
  if (!charge.ok) logger.warn('shipment overage not charged', { sellerId, month, block, reason: charge.message });
  return charge;
}
