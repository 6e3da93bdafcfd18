import { Entity } from 'electrodb';
import { createdAt, keyAttribute, model, onTable, sellerKey, sortKey, onFirstUse } from './table.js';

/** An email ticket (docs/data-model.md, Help and banners): keyed by the form's request id, so a resend files none. */
export const supportTicketEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('supportTicket'),
      attributes: {
        sellerId: keyAttribute,
        ticketId: keyAttribute,
        subject: { type: 'string', required: true },
        message: { type: 'string', required: true },
        /** The address the confirmation went to (the seller's sign-in address at the time). */
        email: { type: 'string', required: true },
        status: { type: ['open', 'closed'] as const, required: true, default: 'open' },
        createdAt,
      },
      indexes: {
        byTicket: { pk: sellerKey(), sk: sortKey('TICKET#${ticketId}', ['ticketId']) },
      },
    },
    onTable,
  ),
);

/** A phone support meeting: one per seller and time. */
export const phoneMeetingEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('phoneMeeting'),
      attributes: {
        sellerId: keyAttribute,
        slot: keyAttribute,
        phone: { type: 'string', required: true },
        topic: { type: 'string' },
        createdAt,
      },
      indexes: {
        bySlot: { pk: sellerKey(), sk: sortKey('PHONE#${slot}', ['slot']) },
      },
    },
    onTable,
  ),
);

/** A live chat message from the seller, in the order sent. */
export const chatMessageEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('chatMessage'),
      attributes: {
        sellerId: keyAttribute,
        sentAt: keyAttribute,
        messageId: keyAttribute,
        message: { type: 'string', required: true },
        createdAt,
      },
      indexes: {
        bySent: { pk: sellerKey(), sk: sortKey('CHAT#${sentAt}#${messageId}', ['sentAt', 'messageId']) },
      },
    },
    onTable,
  ),
);
