import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { SesNotification } from '../../events/schemas.js';
import { METRIC } from '../../shared/ops/metrics.js';
import { suppressAddress } from '../data/email-sends.js';
import { addMetric, logger } from '../observability.js';

/**
 * SES's bounce or complaint about an email we sent: the address is suppressed for the seller that sent it (named by
 * the email's `seller` tag), so nothing more goes to it from that seller; other sellers are not affected. Only a
 * permanent bounce suppresses (a full mailbox or a transient failure does not). Counted as EmailsBounced or
 * EmailsComplained. Writing the same suppression again is harmless, so a redelivered event changes nothing.
 */
export async function handleSesNotification(n: SesNotification): Promise<'suppressed' | 'ignored'> {
  const sellerId = n.mail.tags?.seller?.[0];
  const log = { eventType: n.eventType, sesMessageId: n.mail.messageId, sellerId };
  if (!sellerId) {
    logger.warn('SES event without a seller tag; nothing to suppress', log);
    return 'ignored';
  }
  if (n.eventType === 'Bounce') {
    if (n.bounce.bounceType !== 'Permanent') {
      logger.info('transient bounce; the address stays', { ...log, bounceType: n.bounce.bounceType });
      return 'ignored';
    }
    for (const r of n.bounce.bouncedRecipients) await suppressAddress(sellerId, r.emailAddress, 'bounced', n.mail.messageId);
    addMetric(METRIC.emailsBounced, n.bounce.bouncedRecipients.length, MetricUnit.Count);
  } else if (n.eventType === 'Complaint') {
    for (const r of n.complaint.complainedRecipients) await suppressAddress(sellerId, r.emailAddress, 'complained', n.mail.messageId);
    addMetric(METRIC.emailsComplained, n.complaint.complainedRecipients.length, MetricUnit.Count);
  } else {
    return 'ignored';
  }
  logger.info('address suppressed for the seller', log);
  return 'suppressed';
}
