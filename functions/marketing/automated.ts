import type { EmailRequested } from '../../events/schemas.js';
import { type MergeValues, renderTemplate } from '../../shared/domain/email-templates.js';
import { can, type MaybePackage } from '../../shared/domain/plans.js';
import { trackingUrl, withTrackingLink } from '../../shared/domain/tracking.js';
import { METRIC } from '../../shared/ops/metrics.js';
import type { Automation } from '../../shared/schemas/marketing.js';
import { getCustomer } from '../data/customers.js';
import { getOrder } from '../data/orders.js';
import { dueFollowUps, putFollowUpDue, removeFollowUpDue } from '../data/follow-ups.js';
import { getSellerProfile, type SellerProfile } from '../data/sellers.js';
import { ALL_SHARDS, dueDateOf, dueDatesFor, shardOf } from '../domain/follow-ups.js';
import { enqueueEmail } from '../email/enqueue.js';
import { addMetric, logger } from '../observability.js';
import { automationsFor } from './automations.js';
import { templateNamed } from './templates.js';

/**
 * Automated emails (issue 15): the seller's follow-ups sent by themselves when an order ships, is delivered, or a
 * chosen number of days after it shipped (recorded when it ships, sent by the daily follow-ups job). Each
 * is queued for the `emails` worker with the reason `<trigger>:<orderId>`, so however often its event comes (a
 * replayed purchase, a redelivered batch message, an import run twice) the customer gets one email per order and
 * trigger. Nothing here may fail what caused it: a label is bought and an import is written whether or not its email
 * could be queued; a failure is logged and counted (FollowUpsNotQueued).
 */

type Seller = Pick<SellerProfile, 'sellerId' | 'package' | 'name' | 'businessName'>;
type Trigger = Automation['trigger'];

/** What of a label the shipped email needs. */
export interface ShippedLabel {
  orderId: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** When it was bought (a replayed purchase answers with the first one's label): the days-after email counts from it. */
  createdAt?: string;
}

type OrderRecord = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

/**
 * shipped and delivered are about the order the customer bought (transactional: they reach an unsubscribed or
 * marketplace customer); the days-after follow-up asks for more (marketing: consent applies, with its unsubscribe).
 */
const CATEGORY: Record<Trigger, EmailRequested['category']> = { shipped: 'transactional', delivered: 'transactional', daysAfter: 'marketing' };

/** The triggers that are on, when the seller's plan has automatic follow-ups (none otherwise, and nothing read). */
async function enabledFor(seller: { sellerId: string; package?: MaybePackage }): Promise<Partial<Record<Trigger, Automation>>> {
  if (!can(seller.package, 'automaticFollowUp')) return {};
  const { automations } = await automationsFor(seller.sellerId);
  return Object.fromEntries(automations.filter((a) => a.enabled).map((a) => [a.trigger, a]));
}

/**
 * The email of `trigger` for one order, rendered with the seller's chosen template, or undefined when there is
 * nothing to send: the order or its customer is gone, the customer has no address, the template was deleted.
 */
export async function automatedEmail(
  seller: Seller,
  automation: Automation,
  orderId: string,
  known: { label?: ShippedLabel; order?: OrderRecord } = {},
): Promise<EmailRequested | undefined> {
  const { label } = known;
  const order = known.order ?? (await getOrder(seller.sellerId, orderId));
  if (!order?.customerId) return undefined;
  const [customer, template] = await Promise.all([getCustomer(seller.sellerId, order.customerId), templateNamed(seller.sellerId, automation.templateName)]);
  if (!customer?.email || customer.mergedInto || !template) {
    logger.info('automated email has nothing to send', { sellerId: seller.sellerId, orderId, trigger: automation.trigger, template: Boolean(template) });
    return undefined;
  }
  const link = trackingUrl(label?.carrier ?? order.carrier, label?.trackingNumber ?? order.trackingNumber);
  const values: MergeValues = {
    firstName: customer.firstName,
    orderNumber: order.orderNumber,
    trackingLink: link,
    sellerName: seller.businessName || seller.name,
  };
  const rendered = renderTemplate(template, values);
  return {
    type: 'email.requested',
    sellerId: seller.sellerId,
    customerId: customer.customerId,
    orderId,
    kind: automation.trigger,
    category: CATEGORY[automation.trigger],
    reason: `${automation.trigger}:${orderId}`,
    subject: rendered.subject,
    // The buyer of a shipped order is told where the package is even when the template does not say it.
    text: automation.trigger === 'shipped' ? withTrackingLink(rendered.message, link) : rendered.message,
  };
}

/** Runs an automated email's work; its failure is logged and counted, never thrown at the label or the import. */
async function safely(log: Record<string, unknown>, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    addMetric(METRIC.followUpsNotQueued);
    logger.error('automated email not queued', { ...log, error: err as Error });
  }
}

/**
 * After a label is bought (or a purchase replayed: queueing again is harmless, and it covers a purchase whose
 * process ended between the label and the queue): the "shipped" email with the carrier's tracking link.
 */
export async function followUpOnShipment(seller: Seller, label: ShippedLabel): Promise<void> {
  await safely({ sellerId: seller.sellerId, orderId: label.orderId, trigger: 'shipped' }, async () => {
    const on = await enabledFor(seller);
    if (on.daysAfter) {
      // Its day is fixed now; what it says (template, values) and whether it still goes are decided on that day.
      const shippedAt = label.createdAt ? new Date(label.createdAt) : new Date();
      await putFollowUpDue(seller.sellerId, label.orderId, dueDateOf(shippedAt, on.daysAfter.days), shardOf(seller.sellerId, label.orderId));
    }
    if (!on.shipped) return;
    const email = await automatedEmail(seller, on.shipped, label.orderId, { label });
    if (email) await enqueueEmail(email);
  });
}

/**
 * Orders that just became delivered (an import or sync moved them, the seller set it): the "delivered" email of
 * each. The seller's profile and settings are read once for all of them, and only when there is one.
 */
export async function followUpOnDelivery(sellerId: string, orderIds: readonly string[], known?: Seller): Promise<void> {
  if (orderIds.length === 0) return;
  await safely({ sellerId, orders: orderIds.length, trigger: 'delivered' }, async () => {
    const seller = known ?? (await getSellerProfile(sellerId));
    if (!seller) return;
    const automation = (await enabledFor(seller)).delivered;
    if (!automation) return;
    for (const orderId of orderIds) {
      await safely({ sellerId, orderId, trigger: 'delivered' }, async () => {
        const email = await automatedEmail(seller, automation, orderId);
        if (email) await enqueueEmail(email);
      });
    }
  });
}

/** What a daily run did: emails queued, items with nothing to send, and whether it stopped before the end. */
export interface FollowUpRun {
  queued: number;
  dropped: number;
  stoppedEarly: boolean;
}

/** Whether the order still went out: a voided label puts it back to unshipped, a cancelled order is not followed up. */
const stillShipped = (order: OrderRecord) => order.status === 'shipped' || order.status === 'delivered';

/**
 * The daily follow-ups job (issue 15): every seller's "days after shipping" emails due on `today` (and the catch-up
 * days before it), found by day and shard in gsi1. Each is rendered with the seller's settings as they are now (a
 * seller who turned it off, or moved below growth, sends none), queued with the reason `daysAfter:<orderId>` (sent
 * once whatever is queued twice) and then removed. It stops while `timeLeft` says there is time to finish a page;
 * what it leaves, the next run takes.
 */
export async function sendDueFollowUps(today: Date, timeLeft: () => number = () => Number.POSITIVE_INFINITY): Promise<FollowUpRun> {
  const run: FollowUpRun = { queued: 0, dropped: 0, stoppedEarly: false };
  const sellers = new Map<string, { seller: Seller; automation?: Automation } | undefined>();
  const sellerOf = async (sellerId: string) => {
    if (!sellers.has(sellerId)) {
      const seller = await getSellerProfile(sellerId);
      sellers.set(sellerId, seller ? { seller, automation: (await enabledFor(seller)).daysAfter } : undefined);
    }
    return sellers.get(sellerId);
  };
  for (const day of dueDatesFor(today)) {
    for (const shard of ALL_SHARDS) {
      let cursor: string | null = null;
      do {
        if (timeLeft() < 30_000) return { ...run, stoppedEarly: true };
        const page = await dueFollowUps(day, shard, cursor);
        for (const item of page.items) {
          await safely({ sellerId: item.sellerId, orderId: item.orderId, trigger: 'daysAfter' }, async () => {
            const known = await sellerOf(item.sellerId);
            const order = known?.automation ? await getOrder(item.sellerId, item.orderId) : undefined;
            const email =
              known?.automation && order && stillShipped(order) ? await automatedEmail(known.seller, known.automation, item.orderId, { order }) : undefined;
            if (email) {
              await enqueueEmail(email);
              run.queued++;
            } else run.dropped++;
            await removeFollowUpDue(item);
          });
        }
        cursor = page.cursor;
      } while (cursor);
    }
  }
  return run;
}
