import { applied } from './errors.js';
import { chatMessageEntity, phoneMeetingEntity, supportTicketEntity } from './help-entities.js';

export interface NewTicket {
  ticketId: string;
  subject: string;
  message: string;
  email: string;
}

/** Files the ticket once; a second call with the same id files nothing and answers the ticket already filed. */
export async function createSupportTicket(sellerId: string, ticket: NewTicket): Promise<{ created: boolean; ticket: NewTicket }> {
  if (await applied(supportTicketEntity().create({ sellerId, ...ticket }).go())) return { created: true, ticket };
  const { data } = await supportTicketEntity().get({ sellerId, ticketId: ticket.ticketId }).go();
  if (!data) throw new Error(`ticket ${ticket.ticketId} neither created nor found`);
  return { created: false, ticket: { ticketId: data.ticketId, subject: data.subject, message: data.message, email: data.email } };
}

export async function getSupportTicket(sellerId: string, ticketId: string) {
  return (await supportTicketEntity().get({ sellerId, ticketId }).go()).data;
}

/** Books the seller's meeting at `slot`; 'taken' when the seller already has one then. */
export async function createPhoneMeeting(sellerId: string, meeting: { slot: string; phone: string; topic?: string }): Promise<'created' | 'taken'> {
  return (await applied(phoneMeetingEntity().create({ sellerId, ...meeting }).go())) ? 'created' : 'taken';
}

export async function listPhoneMeetings(sellerId: string) {
  return (await phoneMeetingEntity().query.bySlot({ sellerId }).go({ pages: 'all' })).data;
}

export async function addChatMessage(sellerId: string, m: { sentAt: string; messageId: string; message: string }): Promise<void> {
  await chatMessageEntity().create({ sellerId, ...m }).go();
}

export async function listChatMessages(sellerId: string) {
  return (await chatMessageEntity().query.bySent({ sellerId }).go({ pages: 'all' })).data;
}
