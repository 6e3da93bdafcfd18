import type { EmailRequested } from '../../events/schemas.js';
import { customerForEmail } from '../data/email-reads.js';
import type { Deadline } from '../domain/deadline.js';
import { logger } from '../observability.js';
import { type DeliveryOutcome, deliverEmail } from './deliver.js';

/**
 * One email of the `emails` queue (a follow-up, a campaign, shipped, delivered): to the customer's address as it is
 * now, through deliverEmail. A customer without an address (or gone) has nothing to send, which is not a failure.
 * A message with `to` (issue 16: a support ticket's confirmation to the seller) goes to that address, transactional.
 */
export async function sendRequestedEmail(m: EmailRequested, deadline?: Deadline): Promise<DeliveryOutcome> {
  const render = () => ({ subject: m.subject, text: m.text });
  if (m.customerId === undefined) {
    return deliverEmail({ sellerId: m.sellerId, ...(m.to ? { to: m.to } : {}), kind: m.kind, reason: m.reason, category: 'transactional', render }, deadline);
  }
  // The customer first: its address is then read (its suppression) and claimed together by deliverEmail.
  const customer = await customerForEmail(m.sellerId, m.customerId);
  if (!customer?.email || customer.mergedInto) {
    logger.info('email has no address to go to', { sellerId: m.sellerId, customerId: m.customerId, kind: m.kind });
    return 'noAddress';
  }
  return deliverEmail(
    { sellerId: m.sellerId, customerId: m.customerId, to: customer.email, kind: m.kind, reason: m.reason, category: m.category, render },
    deadline,
    { customer },
  );
}
