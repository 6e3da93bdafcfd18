import * as z from 'zod';
import { MAX_MESSAGE, MAX_SUBJECT } from './common.js';

/** A delivery claim was filed: what happens next, in the spec's words. */
export const claimAnswer = z.object({ success: z.literal(true), message: z.string() });

/** Live chat: the seller's message to support (executive only, 14:00-22:00 UTC). */
export const chatBody = z.object({
  message: z.string().trim().min(1, 'Type a message.').max(2000, 'A message can be at most 2000 characters.'),
});
export const chatAnswer = z.object({ success: z.literal(true), message: z.string().max(500) });

/**
 * An email ticket. `requestId` is made by the form when it opens: sending the same form twice (a double click, a
 * retry after a lost answer) files one ticket and one confirmation email.
 */
export const ticketBody = z.object({
  requestId: z.uuid({ error: 'That request is not valid.' }).max(36),
  subject: z.string({ error: 'Subject is required.' }).trim().min(1, 'Subject is required.').max(MAX_SUBJECT, `Subject can be at most ${MAX_SUBJECT} characters.`),
  message: z.string({ error: 'Message is required.' }).trim().min(1, 'Message is required.').max(MAX_MESSAGE, 'The message is too long.'),
});
export const ticketAnswer = z.object({ success: z.literal(true), ticketId: z.string().max(100), message: z.string().max(500) });

/** Phone support: the meeting times on offer (ISO instants, UTC). */
export const phoneSlotsAnswer = z.object({ slots: z.array(z.string().max(40)).max(200) });
export const phoneMeetingBody = z.object({
  slot: z.iso.datetime({ error: 'Choose a time.' }).max(40),
  phone: z
    .string({ error: 'Phone number is required.' })
    .trim()
    .max(30, 'Enter a phone number we can call.')
    // The characters a customer's phone takes: "(512) 555-0100", as most US numbers are written, starts with "(".
    .regex(/^\+?[\d\s().-]+$/, 'Enter a phone number we can call.')
    .refine((v) => (v.match(/\d/g)?.length ?? 0) >= 7, 'Enter a phone number we can call.'),
  topic: z.string().trim().max(500, 'Topic can be at most 500 characters.').optional(),
});
export const phoneMeetingAnswer = z.object({ success: z.literal(true), slot: z.string().max(40), message: z.string().max(500) });
