import * as z from 'zod';

/** An unsubscribe token never comes near this length (functions/domain/email.ts makes them). */
export const MAX_UNSUBSCRIBE_TOKEN = 800;

/** The unsubscribe link's query: the signed token naming the seller and the customer (or address). */
export const unsubscribeQuery = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid.' }).min(1, 'This unsubscribe link is not valid.').max(MAX_UNSUBSCRIBE_TOKEN, 'This unsubscribe link is not valid.'),
});

/** RFC 8058's one-click POST sends the form `List-Unsubscribe=One-Click`; the web page posts nothing. */
export const unsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/** Whom the link unsubscribes from, and whether it is done. */
export const unsubscribeAnswer = z.object({ businessName: z.string().max(200), unsubscribed: z.boolean() });
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswer>;

/** How a customer's address fares on /customers: unsubscribed from marketing, or suppressed by a bounce or complaint. */
export const EMAIL_STATUSES = ['ok', 'unsubscribed', 'bounced', 'complained'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
