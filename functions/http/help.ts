import { fileDeliveryClaim } from '../help/delivery-claim.js';
import { bookPhoneMeeting, fileSupportTicket, offeredPhoneSlots, sendChatMessage } from '../help/support.js';
import { helpRoutes } from '../../shared/api/routes/help.js';
import { httpHandler } from './http-handler.js';

export const handler = httpHandler('help', helpRoutes, {
  'help.deliveryClaim': ({ seller, body }) => fileDeliveryClaim(seller.sellerId, body.orderID, body.description),
  'help.liveChat': ({ seller, body }) => sendChatMessage(seller.sellerId, body.message),
  'help.ticket': ({ seller, body }) => fileSupportTicket(seller, body),
  'help.phoneSlots': async () => offeredPhoneSlots(),
  'help.phoneMeeting': ({ seller, body }) => bookPhoneMeeting(seller.sellerId, body),
});
