import type { EmailRequested } from '../../events/schemas.js';
import { type MergeValues, renderTemplate } from '../../shared/domain/email-templates.js';
import { can, type Package } from '../../shared/domain/plans.js';
import { trackingUrl, withTrackingLink } from '../../shared/domain/tracking.js';
import { METRIC } from '../../shared/ops/metrics.js';
import type { Automation } from '../../shared/schemas/marketing.js';
import { getCustomer } from '../data/customers.js';
import { getOrder } from '../data/orders.js';
import { getSellerProfile, type SellerProfile } from '../data/sellers.js';
import { enqueueEmail } from '../email/enqueue.js';
import { addMetric, logger } from '../observability.js';
import { automationsFor } from './automations.js';
import { templateNamed } from './templates.js';

/**
 * Automated emails (issue 15): the seller's follow-ups sent by themselves when an order ships or is delivered. Each
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
}

/** shipped and delivered are about the order the customer bought (transactional: sent whatever their consent). */
const CATEGORY: Record<Trigger, EmailRequested['category']> = { shipped: 'transactional', delivered: 'transactional', daysAfter: 'marketing' };

/** The trigger's setting when the seller's plan has automatic follow-ups and the trigger is on; otherwise undefined. */
async function enabled(seller: { sellerId: string; package: Package }, trigger: Trigger): Promise<Automation | undefined> {
  if (!can(seller.package, 'automaticFollowUp')) return undefined;
  const { automations } = await automationsFor(seller.sellerId);
  return automations.find((a) => a.trigger === trigger && a.enabled);
}

/**
 * The email of `trigger` for one order, rendered with the seller's chosen template, or undefined when there is
 * nothing to send: the order or its customer is gone, the customer has no address, the template was deleted.
 */
export async function automatedEmail(seller: Seller, automation: Automation, orderId: string, label?: ShippedLabel): Promise<EmailRequested | undefined> {
  const order = await getOrder(seller.sellerId, orderId);
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
    const automation = await enabled(seller, 'shipped');
    if (!automation) return;
    const email = await automatedEmail(seller, automation, label.orderId, label);
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
    const automation = await enabled(seller, 'delivered');
    if (!automation) return;
    for (const orderId of orderIds) {
      await safely({ sellerId, orderId, trigger: 'delivered' }, async () => {
        const email = await automatedEmail(seller, automation, orderId);
        if (email) await enqueueEmail(email);
      });
    }
  });
}
