import { createWriteTransaction } from 'electrodb';
import { orderEntity } from './entities.js';
import { transactionCommitted } from './errors.js';
import { deliveryClaimEntity } from './shipping-entities.js';

export interface NewDeliveryClaim {
  orderId: string;
  trackingNumber: string;
  description: string;
}

/**
 * Files the order's one delivery claim and marks the order with when (so Order Details says a claim is filed rather
 * than offering another), both or neither; 'duplicate' when the order already has one (the claim item exists).
 */
export async function createDeliveryClaim(sellerId: string, claim: NewDeliveryClaim, now = new Date().toISOString()): Promise<'created' | 'duplicate'> {
  const written = await transactionCommitted(() =>
    createWriteTransaction({ claim: deliveryClaimEntity(), order: orderEntity() }, ({ claim: claims, order }) => [
      claims.create({ sellerId, ...claim, createdAt: now }).commit(),
      order.patch({ sellerId, orderId: claim.orderId }).set({ claimFiledAt: now }).commit(),
    ]).go(),
  );
  return written ? 'created' : 'duplicate';
}
