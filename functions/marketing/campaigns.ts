import type { EmailRequested } from '../../events/schemas.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { renderTemplate } from '../../shared/domain/email-templates.js';
import { mergeValuesOf } from '../../shared/domain/merge-values.js';
import type { Campaign, SendCampaignBody } from '../../shared/schemas/send-email.js';
import { type CampaignRecord, createCampaign, getCampaign, listCampaigns } from '../data/campaigns.js';
import { getCustomers } from '../data/customers.js';
import { firstOfEachAddress, normalAddress, suppressionsOf } from '../data/suppressions.js';
import type { SellerProfile } from '../data/sellers.js';
import { blockedBecause } from '../domain/email.js';
import { Refused } from '../domain/errors.js';
import { enqueueEmails } from '../email/enqueue.js';
import { withDomainErrors } from '../services/data-failures.js';
import { MAX_QUEUED_SUBJECT, MAX_QUEUED_TEXT } from './send-email.js';

const view = (c: CampaignRecord): Campaign => ({
  campaignId: c.campaignId,
  subject: c.subject,
  sentAt: c.sentAt,
  recipients: c.recipients,
  skipped: c.skipped,
});

/**
 * Sends a campaign to the chosen customers (issue 15): one `campaign` email each to those who may receive marketing,
 * one per address (the others, and ids that are not the seller's customers, are counted as skipped), merge fields
 * filled per customer, then the campaign recorded under the browser's request key. A repeat of the key (a double click, a
 * retry) answers the campaign recorded first; if the first never got as far as recording, the repeat queues again
 * and the worker's natural key (seller, customer, campaign, id) still sends each email once.
 */
export async function sendCampaign(seller: SellerProfile, body: SendCampaignBody): Promise<Campaign> {
  const { sellerId } = seller;
  const campaignId = body.requestKey;
  const earlier = await getCampaign(sellerId, campaignId);
  if (earlier) return view(earlier);

  const customers = (await getCustomers(sellerId, body.customerIDs)).filter((c) => !c.mergedInto && c.email?.trim());
  const suppressed = await suppressionsOf(
    sellerId,
    customers.map((c) => c.email!),
  );
  const allowed = customers.filter((c) => !blockedBecause('marketing', { customer: c, suppression: suppressed.get(normalAddress(c.email!)) }));
  // One email per address: two records of one person (entered twice) would otherwise mail them twice.
  const firstTo = firstOfEachAddress();
  const recipients = allowed.filter((c) => firstTo(c.email!));
  if (recipients.length === 0) throw new Refused(MESSAGES.campaignNoRecipients);

  const messages: EmailRequested[] = recipients.map((c) => {
    const rendered = renderTemplate(body, mergeValuesOf({ firstName: c.firstName, seller }));
    return {
      type: 'email.requested',
      sellerId,
      customerId: c.customerId,
      kind: 'campaign',
      category: 'marketing',
      reason: campaignId,
      subject: rendered.subject.slice(0, MAX_QUEUED_SUBJECT),
      text: rendered.message.slice(0, MAX_QUEUED_TEXT),
    };
  });
  await enqueueEmails(messages);

  const record: CampaignRecord = {
    campaignId,
    subject: body.subject,
    sentAt: new Date().toISOString(),
    recipients: recipients.length,
    skipped: body.customerIDs.length - recipients.length,
  };
  if (await createCampaign(sellerId, record)) return view(record);
  // The other click recorded it while this one queued: its record is the campaign.
  return view((await getCampaign(sellerId, campaignId)) ?? record);
}

/** What was sent and to how many, newest first, a page at a time. */
export async function campaignsOf(sellerId: string, cursor?: string): Promise<{ campaigns: Campaign[]; cursor: string | null }> {
  const page = await withDomainErrors(() => listCampaigns(sellerId, cursor));
  return { campaigns: page.data.map(view), cursor: page.cursor };
}
