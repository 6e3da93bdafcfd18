import { deliveryClaimEntity } from './shipping-entities.js';
import { isConditionalFailure } from './sellers.js';

export interface NewDeliveryClaim {
  orderId: string;
  trackingNumber: string;
  description: string;
}

/** Files the order's one delivery claim; 'duplicate' when the order already has one (the item exists). */
export async function createDeliveryClaim(sellerId: string, claim: NewDeliveryClaim): Promise<'created' | 'duplicate'> {
  try {
    await deliveryClaimEntity.create({ sellerId, ...claim }).go();
    return 'created';
  } catch (err) {
    if (isConditionalFailure(err)) return 'duplicate';
    throw err;
  }
}
