import type { RouteId, RouteOf } from '../../shared/api/routes.js';
import { joinReferral, recruitsOf, referralLink } from '../marketing/ambassadors.js';
import { automationsFor, saveAutomations } from '../marketing/automations.js';
import { uploadEmailImage } from '../marketing/images.js';
import { campaignsOf, sendCampaign } from '../marketing/campaigns.js';
import { sendEmail } from '../marketing/send-email.js';
import { deleteTemplate, saveTemplate, templatesFor } from '../marketing/templates.js';
import { marketingRoutes } from '../../shared/api/routes/marketing.js';
import { type Action, httpHandler, readsOnly } from './http-handler.js';
import { parseMultipart } from './multipart.js';

type A<Id extends RouteId> = Action<RouteOf<Id>>;

const getTemplates: A<'marketing.getTemplates'> = async ({ seller }) => templatesFor(seller);

/** The Email Campaigns tab keeps a template without sending (sendemail's saveTemplate flag saves the same way). */
const save: A<'marketing.saveTemplate'> = async ({ seller, body }) => saveTemplate(seller, body.name, body.subject, body.message, body.originalName);

const remove: A<'marketing.deleteTemplate'> = async ({ seller, body }) => deleteTemplate(seller, body.name);

/** An email from an order or a customer (the send email modal); the route's feature gate covers saveTemplate. */
const send: A<'marketing.sendEmail'> = async ({ seller, body }) => sendEmail(seller, body);

const campaign: A<'marketing.sendCampaign'> = async ({ seller, body }) => sendCampaign(seller, body);

// Reads that need only the seller's id (campaigns, recruits): started beside the plan gate's profile read.
const campaigns: A<'marketing.listCampaigns'> = readsOnly(({ sellerId, query }) => campaignsOf(sellerId, query.cursor));

const uploadImage: A<'marketing.uploadImage'> = async ({ seller, body }) => uploadEmailImage(seller.sellerId, body.files);

const getAutomations: A<'marketing.getAutomations'> = async ({ seller }) => automationsFor(seller.sellerId);

const putAutomations: A<'marketing.saveAutomations'> = async ({ seller, body }) => saveAutomations(seller.sellerId, body.automations);

const link: A<'marketing.referralLink'> = async ({ seller }) => referralLink(seller);

const recruits: A<'marketing.recruits'> = readsOnly(({ sellerId, query }) => recruitsOf(sellerId, query.state, query.cursor));

/** A seller who signed up through a referral link: the web app sends the code once, after the first sign-in. */
const join: A<'marketing.joinReferral'> = async ({ seller, body }) => joinReferral(seller, body.code);

export const handler = httpHandler('marketing', marketingRoutes, {
  'marketing.getTemplates': getTemplates,
  'marketing.saveTemplate': save,
  'marketing.deleteTemplate': remove,
  'marketing.sendEmail': send,
  'marketing.sendCampaign': campaign,
  'marketing.listCampaigns': campaigns,
  'marketing.uploadImage': uploadImage,
  'marketing.getAutomations': getAutomations,
  'marketing.saveAutomations': putAutomations,
  'marketing.referralLink': link,
  'marketing.recruits': recruits,
  'marketing.joinReferral': join,
}, { multipart: parseMultipart });
