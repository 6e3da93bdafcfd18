import { MESSAGES } from '../../shared/api/messages.js';
import { CLAIMABLE_ORDER_STATUSES } from '../../shared/domain/orders.js';
import { createDeliveryClaim } from '../data/delivery-claims.js';
import { getOrder } from '../data/orders.js';
import { Conflict, NotFound, Refused, Unavailable } from '../domain/errors.js';

/** Files a delivery claim on a shipped order (one per order) and tells the seller what happens next. */
export async function fileDeliveryClaim(sellerId: string, orderId: string, description: string) {
  const order = await getOrder(sellerId, orderId);
  if (!order) throw new NotFound(MESSAGES.orderNotFound);
  if (!order.trackingNumber || !CLAIMABLE_ORDER_STATUSES.includes(order.status)) throw new Refused(MESSAGES.claimNotShipped);
  const claim = { orderId: order.orderId, trackingNumber: order.trackingNumber, description };
  let filed: Awaited<ReturnType<typeof createDeliveryClaim>>;
  try {
    filed = await createDeliveryClaim(sellerId, claim);
  } catch (err) {
    // The seller reads the spec's message; the cause travels with it to the log.
    throw new Unavailable(MESSAGES.claimFailed, err);
  }
  if (filed === 'duplicate') throw new Conflict(MESSAGES.claimDuplicate);
  return { success: true as const, message: MESSAGES.claimFiled };
}
