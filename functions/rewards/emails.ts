import type { RewardEmailRequested } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { manualPeriod, parseExtraEmails } from '../../shared/domain/rewards.js';
import { sendMessage, sendMessages } from '../adapters/sqs.js';
import { required } from '../config.js';
import { getCustomer, listCustomersByName } from '../data/customers.js';
import { putRewardSettings } from '../data/rewards.js';
import { firstOfEachAddress, suppressionOf } from '../data/suppressions.js';
import { blockedBecause } from '../domain/email.js';
import { Conflict, NotFound, OperationFailed, Refused } from '../domain/errors.js';
import { messageHash } from '../marketing/send-email.js';
import { logger } from '../observability.js';
import { requireProgram } from './program.js';

/**
 * The reward emails a seller sends by hand. Each call answers at once: it queues reward-email messages (the
 * reward-email worker renders and sends them through SES, once per natural key). A seller's click is keyed by the
 * day and the words written (manualPeriod), so a double click is one email and a corrected reminder is another.
 */

type Seller = { sellerId: string };
const sent = { success: true as const, message: MESSAGES.rewardsEmailsSent };
const queue = () => required('QUEUE_URL_REWARD_EMAILS');

async function customerWithEmail(sellerId: string, customerId: string) {
  const customer = await getCustomer(sellerId, customerId);
  if (!customer || customer.mergedInto) throw new NotFound(MESSAGES.customerNotFound);
  const email = customer.email?.trim();
  if (!email) throw new Conflict(MESSAGES.rewardsNoEmail);
  // Refused here in words: the worker would drop it silently while the seller reads "Emails have been sent!".
  if (blockedBecause('marketing', { customer, suppression: await suppressionOf(sellerId, email) })) throw new Refused(MESSAGES.customerNoMarketing);
  return customer;
}

async function oneEmail(seller: Seller, customerId: string, kind: 'reminder' | 'almost', message?: string) {
  const program = await requireProgram(seller.sellerId);
  const customer = await customerWithEmail(seller.sellerId, customerId);
  const request: RewardEmailRequested = {
    type: 'reward-email.requested',
    sellerId: seller.sellerId,
    customerId,
    customerEmail: customer.email,
    kind,
    period: manualPeriod(new Date().toISOString(), message ? messageHash('', message) : undefined),
    ...(message ? { message } : {}),
    rewardText: program.rewardText ?? '',
    points: customer.rewardBalance,
    goalCount: program.goalCount,
    goalType: program.goalType,
  };
  await sendMessage(queue(), request);
  return sent;
}

/** The reminder email modal: the seller's message to one customer about the reward waiting for them. */
export const sendReminderEmail = (seller: Seller, body: { customerID: string; message: string }) => oneEmail(seller, body.customerID, 'reminder', body.message);

/** "Almost there" to one customer. */
export const sendAlmostCompletedEmail = (seller: Seller, body: { customerID: string }) => oneEmail(seller, body.customerID, 'almost');

/** Customers read per page while queueing an announcement. */
const CUSTOMER_PAGE = 500;

/**
 * The announcement (executive: the route's lowest plan): one message per customer with an email and one per valid
 * extra address, each address once, then the program is marked announced. Anything that keeps the messages from the queue is the
 * spec's failure message; messages already queued are sent (each once, by its natural key) and a retry the same
 * day queues the same keys again.
 */
export async function sendAnnouncementEmail(seller: Seller, body: { subject: string; message: string; extraEmails?: string }) {
  const program = await requireProgram(seller.sellerId);
  const base = {
    type: 'reward-email.requested' as const,
    sellerId: seller.sellerId,
    kind: 'announcement' as const,
    period: manualPeriod(new Date().toISOString(), messageHash(body.subject, body.message)),
    subject: body.subject,
    message: body.message,
    rewardText: program.rewardText ?? '',
    goalCount: program.goalCount,
    goalType: program.goalType,
  };
  // One email per address: two customers sharing one (the same person entered twice), or an extra address that is a
  // customer's, would otherwise get it twice (their natural keys differ).
  const firstTo = firstOfEachAddress();
  try {
    let cursor: string | undefined;
    do {
      const page = await listCustomersByName(seller.sellerId, { cursor, limit: CUSTOMER_PAGE });
      const messages: RewardEmailRequested[] = page.customers
        .filter((c) => !c.mergedInto && c.email?.trim() && firstTo(c.email))
        .map((c) => ({ ...base, customerId: c.customerId, customerEmail: c.email, points: c.rewardBalance }));
      await sendMessages(queue(), messages);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    const extras = parseExtraEmails(body.extraEmails)
      .filter(firstTo)
      .map((to) => ({ ...base, to }));
    await sendMessages(queue(), extras);
  } catch (err) {
    logger.error('announcement not queued', { error: err as Error });
    throw new OperationFailed(MESSAGES.rewardsAnnouncementFailed, err);
  }
  const { sellerId: _s, createdAt: _c, updatedAt: _u, shard: _h, notAvailable: _n, ...fields } = program;
  await putRewardSettings(seller.sellerId, { ...fields, rewardText: fields.rewardText ?? '', announcementSent: true });
  return sent;
}
