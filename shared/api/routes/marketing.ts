import { MAX_EMAIL_IMAGE_BYTES } from '../../domain/email-images.js';
import { multipartBody } from '../../schemas/common.js';
import { automationsAnswer, automationsBody, deleteTemplateBody, imageUploadAnswer, joinAnswer, joinBody, recruitPage, recruitsQuery, referralAnswer, saveTemplateBody, templatesAnswer } from '../../schemas/marketing.js';
import { campaign, campaignPage, campaignsQuery, sendCampaignBody, sendEmailAnswer, sendEmailBody } from '../../schemas/send-email.js';
import { MESSAGES } from '../messages.js';
import { route } from './define.js';

/** The marketing call group's routes (served by functions/http/marketing.ts). */
export const marketingRoutes = [
  // Email marketing
  route('marketing.getTemplates', 'GET', '/consultantemailmarketing/GetMarketingEmailTemplates', 'marketing', { response: templatesAnswer }),
  route('marketing.sendEmail', 'POST', '/consultantemailmarketing/sendemail', 'marketing', {
    body: sendEmailBody,
    response: sendEmailAnswer,
    feature: (b) => (b.saveTemplate ? 'saveTemplates' : undefined),
  }),
  route('marketing.uploadImage', 'POST', '/ConsultantEmailMarketing/UploadImage', 'marketing', {
    body: multipartBody.extend({ files: multipartBody.shape.files.max(1, MESSAGES.imageOneFile) }),
    multipart: true,
    maxFileBytes: MAX_EMAIL_IMAGE_BYTES,
    response: imageUploadAnswer,
  }),
  // Issue 15: the Email Campaigns tab keeps templates without sending; automated emails; ambassadors
  route('marketing.saveTemplate', 'POST', '/consultantemailmarketing/saveTemplate', 'marketing', {
    body: saveTemplateBody,
    response: templatesAnswer,
    source: 'issue-15',
  }),
  route('marketing.deleteTemplate', 'POST', '/consultantemailmarketing/deleteTemplate', 'marketing', {
    body: deleteTemplateBody,
    response: templatesAnswer,
    source: 'issue-15',
  }),
  route('marketing.getAutomations', 'GET', '/consultantemailmarketing/automations', 'marketing', {
    response: automationsAnswer,
    minPlan: 'growth',
    source: 'issue-15',
  }),
  route('marketing.saveAutomations', 'POST', '/consultantemailmarketing/automations', 'marketing', {
    body: automationsBody,
    response: automationsAnswer,
    minPlan: 'growth',
    source: 'issue-15',
  }),
  route('marketing.sendCampaign', 'POST', '/consultantemailmarketing/campaigns/send', 'marketing', {
    body: sendCampaignBody,
    response: campaign,
    source: 'issue-15',
  }),
  route('marketing.listCampaigns', 'GET', '/consultantemailmarketing/campaigns', 'marketing', {
    query: campaignsQuery,
    response: campaignPage,
    source: 'issue-15',
  }),
  route('marketing.referralLink', 'GET', '/ambassadors/link', 'marketing', { response: referralAnswer, source: 'issue-15' }),
  route('marketing.recruits', 'GET', '/ambassadors/recruits', 'marketing', { query: recruitsQuery, response: recruitPage, source: 'issue-15' }),
  route('marketing.joinReferral', 'POST', '/ambassadors/join', 'marketing', { body: joinBody, response: joinAnswer, source: 'issue-15' }),
] as const;
