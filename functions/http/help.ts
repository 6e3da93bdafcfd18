import type { RouteOf } from '../../shared/api/routes.js';
import { getOrder } from '../data/orders.js';
import { isConditionFailure } from '../data/errors.js';
import { deliveryClaimEntity } from '../data/shipping-entities.js';
import { Refused, NotFound, Conflict, Unavailable } from '../domain/errors.js';
import { type Action, httpHandler } from './http-handler.js';

export const CLAIM_MESSAGES = {
  filed: 'Your claim was filed. We will open it with the carrier and email you within 3 business days.',
  notShipped: 'A delivery claim can be filed only for a shipped order.',
  duplicate: 'A claim for this order was already filed.',
  failed: 'Your delivery claim could not be filed. Please try again later.',
} as const;

const deliveryClaim: Action<RouteOf<'help.deliveryClaim'>> = async ({ seller, body }) => {
  const order = await getOrder(seller.sellerId, body.orderID);
  if (!order) throw new NotFound('That order was not found.');
  if (!order.trackingNumber || !['shipped', 'delivered'].includes(order.status)) throw new Refused(CLAIM_MESSAGES.notShipped);
  try {
    await deliveryClaimEntity.create({ sellerId: seller.sellerId, orderId: order.orderId, trackingNumber: order.trackingNumber, description: body.description }).go();
  } catch (err) {
    if (isConditionFailure(err)) throw new Conflict(CLAIM_MESSAGES.duplicate);
    throw new Unavailable(CLAIM_MESSAGES.failed);
  }
  return { success: true, message: CLAIM_MESSAGES.filed };
};

export const handler = httpHandler('help', { 'help.deliveryClaim': deliveryClaim });
