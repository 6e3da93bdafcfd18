import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/api/messages.js';
import { renderTemplate } from '../../shared/domain/email-templates.js';
import { mergeValuesOf } from '../../shared/domain/merge-values.js';
import type { SendEmailAnswer } from '../../shared/schemas/send-email.js';
import { type CustomerRecord, getCustomer } from '../data/customers.js';
import { suppressionOf } from '../data/suppressions.js';
import { getOrder, markFollowUpEmailSent } from '../data/orders.js';
import type { SellerProfile } from '../data/sellers.js';
import { blockedBecause } from '../domain/email.js';
import { NotFound, Refused } from '../domain/errors.js';
import { enqueueEmail } from '../email/enqueue.js';
import { saveTemplate } from './templates.js';

/** The subject and text the `emails` queue takes at most (events/schemas.ts emailRequested). */
export const MAX_QUEUED_SUBJECT = 200;
export const MAX_QUEUED_TEXT = 20_000;

export interface SendEmailRequest {
  customerID: string;
  orderID?: string;
  subject: string;
  message: string;
  saveTemplate: boolean;
  templateName?: string;
}

/** 16 hex digits of the subject and message as typed: the same click twice is one email, another message another. */
export function messageHash(subject: string, message: string): string {
  return createHash('sha256').update(`${subject}\u0000${message}`).digest('hex').slice(0, 16);
}

/**
 * A customer of the seller who may receive marketing email (issue 15): not merged away, with an address, not
 * unsubscribed, suppressed or a marketplace's buyer. Throws what the seller is told otherwise.
 */
async function marketingRecipient(sellerId: string, customerId: string): Promise<CustomerRecord & { email: string }> {
  const customer = await getCustomer(sellerId, customerId);
  if (!customer || customer.mergedInto) throw new NotFound(MESSAGES.customerNotFound);
  const email = customer.email?.trim();
  if (!email) throw new Refused(MESSAGES.customerNoEmail);
  if (blockedBecause('marketing', { customer, suppression: await suppressionOf(sellerId, email) })) throw new Refused(MESSAGES.customerNoMarketing);
  return { ...customer, email };
}

/**
 * `sendemail` (spec sections 2-5, 7): an email from an order or a customer. The customer (and the order, which must
 * be that customer's) must be the seller's; a customer who may not receive marketing is refused before anything
 * changes. Then the template is saved when asked (its cap and permissions refuse as they do on /marketing), the
 * merge fields filled with the real values, the email queued once per (order or customer, message), and the order
 * marked followUpEmailSent. The worker adds the footer and unsubscribe headers and sends it once.
 */
export async function sendEmail(seller: SellerProfile, req: SendEmailRequest): Promise<SendEmailAnswer> {
  const { sellerId } = seller;
  const [customer, order] = await Promise.all([
    marketingRecipient(sellerId, req.customerID),
    req.orderID ? getOrder(sellerId, req.orderID) : Promise.resolve(undefined),
  ]);
  if (req.orderID && !order) throw new NotFound(MESSAGES.orderNotFound);
  if (order && order.customerId !== customer.customerId) throw new Refused(MESSAGES.orderOfAnotherCustomer);

  if (req.saveTemplate) await saveTemplate(seller, req.templateName ?? '', req.subject, req.message);

  const rendered = renderTemplate(req, mergeValuesOf({ firstName: customer.firstName, order, seller }));
  const hash = messageHash(req.subject, req.message);
  await enqueueEmail({
    type: 'email.requested',
    sellerId,
    customerId: customer.customerId,
    ...(order ? { orderId: order.orderId } : {}),
    kind: 'followUp',
    category: 'marketing',
    reason: order ? `order:${order.orderId}:${hash}` : `customer:${customer.customerId}:${hash}`,
    subject: rendered.subject.slice(0, MAX_QUEUED_SUBJECT),
    text: rendered.message.slice(0, MAX_QUEUED_TEXT),
  });
  const marked = order ? await markFollowUpEmailSent(sellerId, order.orderId) : false;
  return { success: true, followUpEmailSent: marked, templateSaved: req.saveTemplate };
}
