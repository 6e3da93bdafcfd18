import { MESSAGES } from '../../shared/api/messages.js';
import { sellerPlan } from '../domain/seller-plan.js';
import { monthKey, shipmentUsage } from '../../shared/domain/shipping-usage.js';
import { getPostage, shipmentsIn } from '../data/postage.js';
import type { SellerProfile } from '../data/sellers.js';
import { rechargeCentsOf } from './recharge.js';

/** The postage balance as the shipping screen shows it; a recharge of $0 turns postage off (spec section 9). */
export async function postageBalance(sellerId: string) {
  const [p, rechargeCents] = await Promise.all([getPostage(sellerId), rechargeCentsOf(sellerId)]);
  return {
    balanceCents: p.balanceCents,
    autoRechargeCents: rechargeCents,
    thresholdCents: p.thresholdCents,
    postageOff: rechargeCents === 0,
    warning: rechargeCents === 0 ? MESSAGES.postageOff : undefined,
  };
}

/** The month's shipments (this month unless another is asked for), by the seller's id alone. */
export async function monthShipments(sellerId: string, month = monthKey(new Date())) {
  return { month, shipments: await shipmentsIn(sellerId, month) };
}

/** The month's shipments against the plan's allowance. */
export function shipmentUsageOf(seller: SellerProfile, { month, shipments }: Awaited<ReturnType<typeof monthShipments>>) {
  return shipmentUsage(sellerPlan(seller.package), month, shipments);
}
