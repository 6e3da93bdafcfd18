import { MESSAGES } from '../../shared/api/messages.js';
import type { UnsubscribeAnswer } from '../../shared/schemas/email.js';
import { emailLinkSecret } from '../adapters/secrets.js';
import { getCustomer } from '../data/customers.js';
import { suppressAddress, unsubscribeCustomer } from '../data/email-sends.js';
import { suppressionOf } from '../data/suppressions.js';
import { getSellerProfile } from '../data/sellers.js';
import { type UnsubscribeTarget, verifyUnsubscribeToken } from '../domain/email.js';
import { InvalidInput } from '../domain/errors.js';
import { logger } from '../observability.js';
import { admitCall } from '../sellers/rate-limit.js';

const invalidLink = () => new InvalidInput({ token: MESSAGES.unsubscribeLinkInvalid });

/**
 * The link's target, its seller's name and whether it is unsubscribed already. A token that is not ours, or whose
 * seller or customer is gone, is one answer: the link is not valid (nothing tells a prober which part failed).
 * Calls count against the seller the token proves (an unsigned token costs one HMAC and no read).
 */
async function resolve(token: string): Promise<{ target: UnsubscribeTarget; businessName: string; unsubscribed: boolean; customerEmail?: string }> {
  const target = verifyUnsubscribeToken(await emailLinkSecret(), token);
  if (!target) throw invalidLink();
  await admitCall(target.sellerId);
  const seller = await getSellerProfile(target.sellerId);
  if (!seller) throw invalidLink();
  const businessName = seller.businessName || seller.name;
  if ('customerId' in target) {
    const customer = await getCustomer(target.sellerId, target.customerId);
    if (!customer) throw invalidLink();
    return { target, businessName, unsubscribed: Boolean(customer.unsubscribedAt), customerEmail: customer.email?.trim() || undefined };
  }
  return { target, businessName, unsubscribed: (await suppressionOf(target.sellerId, target.address)) !== undefined };
}

/** What the unsubscribe page shows before the button: whom from, and whether it is done already. */
export async function unsubscribeInfo(token: string): Promise<UnsubscribeAnswer> {
  const { businessName, unsubscribed } = await resolve(token);
  return { businessName, unsubscribed };
}

/**
 * Unsubscribes the link's customer (marketing off, for good) or address from the seller's marketing email. Saying
 * it twice is the same as once. A customer's address is unsubscribed with them: the person said no, and a second
 * record the seller keeps of them (entered twice, or added again after a delete) must not mail them either.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  const { target, businessName, customerEmail } = await resolve(token);
  if ('customerId' in target) {
    if (!(await unsubscribeCustomer(target.sellerId, target.customerId))) throw invalidLink();
    if (customerEmail) await suppressAddress(target.sellerId, customerEmail, 'unsubscribed');
    logger.info('customer unsubscribed', { sellerId: target.sellerId, customerId: target.customerId });
  } else {
    await suppressAddress(target.sellerId, target.address, 'unsubscribed');
    logger.info('address unsubscribed', { sellerId: target.sellerId });
  }
  return { businessName, unsubscribed: true };
}
