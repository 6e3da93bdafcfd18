import * as z from 'zod';
import { MAX_TEMPLATE_MESSAGE, MAX_TEMPLATE_SUBJECT } from '../domain/email-templates.js';
import { cursorPage, cursorParam, idParam, MAX_MESSAGE, MAX_SUBJECT, requestKey } from './common.js';

/** Sending from an order or a customer, and campaigns: the requests and answers (issue 15). */

/** `sendemail` (spec sections 3, 5, 7): subject and message required; a template name required when saving. */
export const sendEmailBody = z
  .object({
    orderID: idParam.optional(),
    customerID: idParam,
    subject: z.string().trim().min(1, 'Subject is required.').max(MAX_SUBJECT),
    message: z.string().trim().min(1, 'Message is required.').max(MAX_MESSAGE),
    saveTemplate: z.boolean().default(false),
    templateName: z.string().trim().max(100, 'Template name can be at most 100 characters.').optional(),
  })
  .refine((e) => !e.saveTemplate || (e.templateName ?? '').length > 0, {
    message: 'Template name is required.',
    path: ['templateName'],
  });
export type SendEmailInput = z.input<typeof sendEmailBody>;

/** `sendemail`: the email is queued (the worker sends it once), the order marked, the template saved when asked. */
export const sendEmailAnswer = z.object({
  success: z.literal(true),
  /** The order is now marked followUpEmailSent (false when the email was sent from a customer without an order). */
  followUpEmailSent: z.boolean(),
  templateSaved: z.boolean(),
});
export type SendEmailAnswer = z.output<typeof sendEmailAnswer>;

/** A campaign goes to at most this many chosen customers at once. */
export const MAX_CAMPAIGN_RECIPIENTS = 500;


export const sendCampaignBody = z.object({
  requestKey,
  subject: z.string().trim().min(1, 'Subject is required.').max(MAX_TEMPLATE_SUBJECT),
  message: z.string().trim().min(1, 'Message is required.').max(MAX_TEMPLATE_MESSAGE),
  customerIDs: z
    .array(idParam)
    .min(1, 'Choose at least one customer.')
    .max(MAX_CAMPAIGN_RECIPIENTS, `Choose at most ${MAX_CAMPAIGN_RECIPIENTS} customers.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A customer is chosen twice.'),
});
export type SendCampaignBody = z.output<typeof sendCampaignBody>;

/** What was sent and to how many: `recipients` were queued, `skipped` may not receive marketing (or have no address). */
export const campaign = z.object({
  campaignId: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  recipients: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
export type Campaign = z.output<typeof campaign>;
export const campaignPage = cursorPage('campaigns', campaign);
export const campaignsQuery = z.object({ cursor: cursorParam });
