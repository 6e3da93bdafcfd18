import { fileDeliveryClaim } from '../help/delivery-claim.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('help', {
  'help.deliveryClaim': ({ seller, body }) => fileDeliveryClaim(seller.sellerId, body.orderID, body.description),
});
