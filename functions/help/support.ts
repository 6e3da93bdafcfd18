import { randomUUID } from 'node:crypto';
import { MESSAGES } from '../../shared/api/messages.js';
import { isSupportOpen, phoneSlots } from '../../shared/domain/support.js';
import { addChatMessage, createPhoneMeeting, createSupportTicket } from '../data/help.js';
import type { SellerProfile } from '../data/sellers.js';
import { Conflict, Refused, Unavailable } from '../domain/errors.js';
import { enqueueEmail } from '../email/enqueue.js';

/**
 * Live chat (executive only: the route's plan gate), open 14:00-22:00 UTC; outside those hours the seller is told
 * support is closed and offered a ticket. The message is stored for the support team's console.
 */
export async function sendChatMessage(sellerId: string, message: string, now = new Date()) {
  if (!isSupportOpen(now)) throw new Refused(MESSAGES.supportClosed);
  await addChatMessage(sellerId, { sentAt: now.toISOString(), messageId: randomUUID(), message });
  return { success: true as const, message: MESSAGES.chatReceived };
}

/** The seller-facing reference of a ticket: the first 8 characters of its id. */
export const ticketReference = (ticketId: string) => ticketId.slice(0, 8).toUpperCase();

/**
 * An email ticket, on every plan: stored once under the form's request id, then a confirmation to the seller's
 * sign-in address queued on `emails` (transactional; the worker sends it through SES once per ticket). A resend of
 * the same form files nothing new and sends nothing twice; it queues the confirmation a first try could not.
 */
export async function fileSupportTicket(seller: SellerProfile, input: { requestId: string; subject: string; message: string }) {
  let filed: Awaited<ReturnType<typeof createSupportTicket>>;
  try {
    filed = await createSupportTicket(seller.sellerId, { ticketId: input.requestId, subject: input.subject, message: input.message, email: seller.email });
  } catch (err) {
    throw new Unavailable(MESSAGES.ticketFailed, err);
  }
  const { ticket } = filed;
  const reference = ticketReference(ticket.ticketId);
  try {
    // The emails worker sends it once per ticket (its natural key's reason is the ticket id): a resend of the form
    // queues it again harmlessly, and sends it if the first try never got queued.
    await enqueueEmail({
      type: 'email.requested',
      sellerId: seller.sellerId,
      to: ticket.email,
      kind: 'supportTicket',
      category: 'transactional',
      reason: ticket.ticketId,
      subject: `We received your support ticket #${reference}`,
      text: [
        `Hi ${seller.name || 'there'},`,
        '',
        `Thank you for contacting Consultant Desk support. Your ticket #${reference} was received and we will reply to this address within 1 business day.`,
        '',
        `Subject: ${ticket.subject}`,
        '',
        ticket.message,
      ].join('\n').slice(0, 20_000),
    });
  } catch (err) {
    // Stored but not confirmed: the seller sends the same form again (same request id), which files nothing new.
    throw new Unavailable(MESSAGES.ticketFailed, err);
  }
  return { success: true as const, ticketId: ticket.ticketId, message: MESSAGES.ticketReceived };
}

/** The phone meeting times on offer now (executive only: the route's plan gate). */
export function offeredPhoneSlots(now = new Date()) {
  return { slots: phoneSlots(now) };
}

/** Books a phone support meeting at one of the offered times; one per seller and time. */
export async function bookPhoneMeeting(sellerId: string, input: { slot: string; phone: string; topic?: string }, now = new Date()) {
  const slot = new Date(input.slot).toISOString();
  if (!phoneSlots(now).includes(slot)) throw new Refused(MESSAGES.phoneSlotUnavailable);
  const booked = await createPhoneMeeting(sellerId, { slot, phone: input.phone, ...(input.topic ? { topic: input.topic } : {}) });
  if (booked === 'taken') throw new Conflict(MESSAGES.phoneSlotTaken);
  return { success: true as const, slot, message: MESSAGES.phoneBooked };
}
