import { Entity } from 'electrodb';
import { applied, withCursor } from './errors.js';
import { keyAttribute, model, onTable, pageOf, sellerKey, sortKey, timestamps, onFirstUse } from './table.js';

/**
 * Email campaigns (issue 15; docs/data-model.md, "Email campaigns"): one item per campaign, its id the browser's
 * request key, created only if absent, so a double click on Send records one campaign. Listed newest first by gsi1.
 */

export const campaignEntity = onFirstUse(() =>
  new Entity(
    {
      model: model('campaign'),
      attributes: {
        sellerId: keyAttribute,
        campaignId: keyAttribute,
        subject: { type: 'string', required: true },
        sentAt: { type: 'string', required: true, readOnly: true },
        /** Emails queued (one per customer who may receive marketing). */
        recipients: { type: 'number', required: true },
        /** Chosen customers left out: not the seller's, no address, or not to receive marketing. */
        skipped: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        byId: {
          pk: sellerKey(),
          sk: sortKey('CAMPAIGN#${campaignId}', ['campaignId']),
        },
        bySentAt: {
          index: 'gsi1',
          pk: sellerKey('gsi1pk', 'CAMPAIGNS'),
          sk: sortKey('${sentAt}#${campaignId}', ['sentAt', 'campaignId'], 'gsi1sk'),
        },
      },
    },
    onTable,
  ),
);

export interface CampaignRecord {
  campaignId: string;
  subject: string;
  sentAt: string;
  recipients: number;
  skipped: number;
}

/** Records the campaign unless one with its id exists (pattern 40); false then, and nothing is written. */
export async function createCampaign(sellerId: string, c: CampaignRecord): Promise<boolean> {
  return applied(campaignEntity().create({ sellerId, ...c }).go());
}

export async function getCampaign(sellerId: string, campaignId: string): Promise<CampaignRecord | null> {
  const { data } = await campaignEntity().get({ sellerId, campaignId }).go({ consistent: true });
  return data;
}

/** One page of the seller's campaigns, newest first (pattern 41). */
export async function listCampaigns(sellerId: string, cursor?: string) {
  return withCursor(() => campaignEntity().query.bySentAt({ sellerId }).go({ ...pageOf(sellerId, { cursor }), order: 'desc' }));
}
