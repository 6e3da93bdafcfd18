import { deliveryClaimEntity } from './shipping-entities.js';
import { applied } from './errors.js';

export interface NewDeliveryClaim {
  orderId: string;
  trackingNumber: string;
  description: string;
}

/** Files the order's one delivery claim; 'duplicate' when the order already has one (the item exists). */
export async function createDeliveryClaim(sellerId: string, claim: NewDeliveryClaim): Promise<'created' | 'duplicate'> {
  return (await applied(deliveryClaimEntity().create({ sellerId, ...claim }).go())) ? 'created' : 'duplicate';
}
