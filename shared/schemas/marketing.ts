import * as z from 'zod';
import { AMBASSADOR_MONTHS, AMBASSADOR_SHARE_PERCENT, RECRUIT_STATES } from '../domain/ambassadors.js';
import { MAX_TEMPLATE_MESSAGE, MAX_TEMPLATE_NAME, MAX_TEMPLATE_SUBJECT } from '../domain/email-templates.js';
import { cursorPage, cursorParam } from './common.js';

/** Email marketing and ambassadors: requests and answers (spec sections 3, 5, 7; issue 15). */

export const templateName = z
  .string({ error: 'Template name is required.' })
  .trim()
  .min(1, 'Template name is required.')
  .max(MAX_TEMPLATE_NAME, `Template name can be at most ${MAX_TEMPLATE_NAME} characters.`);

export const emailTemplate = z.object({
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The FollowUpEmail every seller has, as we wrote it (never saved by the seller). */
  isDefault: z.boolean(),
  /** Whether the seller's package may change it (base: FollowUpEmail only; starterlegacy: none). */
  editable: z.boolean(),
});
export type EmailTemplateRow = z.infer<typeof emailTemplate>;

/** Spec section 3: templateNames, templates, disableNewTemplate (the seller is at the plan's cap). */
export const templatesAnswer = z.object({
  templateNames: z.array(z.string()),
  templates: z.array(emailTemplate),
  disableNewTemplate: z.boolean(),
  /** Saved templates the plan allows; null: no limit. */
  templateCap: z.number().int().nullable(),
});
export type TemplatesAnswer = z.infer<typeof templatesAnswer>;

/** The Email Campaigns tab saves a template without sending: a new one, or `originalName` renamed or edited. */
export const saveTemplateBody = z.object({
  name: templateName,
  subject: z.string().trim().min(1, 'Subject is required.').max(MAX_TEMPLATE_SUBJECT),
  message: z.string().trim().min(1, 'Message is required.').max(MAX_TEMPLATE_MESSAGE),
  originalName: z.string().trim().max(MAX_TEMPLATE_NAME).optional(),
});
export const deleteTemplateBody = z.object({ name: templateName });

export const imageUploadAnswer = z.object({ success: z.literal(true), url: z.string(), key: z.string() });

/** Automated emails (growth and up): what sends a follow-up on its own. */
export const AUTOMATION_TRIGGERS = ['shipped', 'delivered', 'daysAfter'] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];
export const MAX_AUTOMATION_DAYS = 90;

export const automation = z.object({
  trigger: z.enum(AUTOMATION_TRIGGERS),
  enabled: z.boolean(),
  templateName: z.string().trim().max(MAX_TEMPLATE_NAME),
  /** daysAfter: days after the order date; the other triggers ignore it. */
  days: z
    .number({ error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(1, 'Enter at least 1 day.')
    .max(MAX_AUTOMATION_DAYS, `Enter at most ${MAX_AUTOMATION_DAYS} days.`),
});
export type Automation = z.infer<typeof automation>;

export const automationsBody = z.object({
  automations: z
    .array(automation)
    .min(AUTOMATION_TRIGGERS.length, 'Give each trigger once.')
    .max(AUTOMATION_TRIGGERS.length, 'Give each trigger once.')
    .refine((list) => AUTOMATION_TRIGGERS.every((t) => list.some((a) => a.trigger === t)), 'Give each trigger once.')
    .refine((list) => list.every((a) => !a.enabled || a.templateName.length > 0), 'Choose a template for each email that is on.'),
});
export const automationsAnswer = z.object({ automations: z.array(automation) });

export const referralAnswer = z.object({
  code: z.string(),
  /** Path on the web app's origin: `/signup?ref=<code>`. */
  path: z.string(),
  sharePercent: z.literal(AMBASSADOR_SHARE_PERCENT),
  months: z.literal(AMBASSADOR_MONTHS),
});

export const recruitsQuery = z.object({ state: z.enum(RECRUIT_STATES), cursor: cursorParam });
export const recruit = z.object({
  name: z.string(),
  joinedAt: z.string(),
  state: z.enum(RECRUIT_STATES),
  paidAt: z.string().nullable(),
  /** What the ambassador earns each month for this recruit; null until the first paid month sets the price. */
  monthlyEarningCents: z.number().int().nullable(),
  /** The month (YYYY-MM) of the last payment; null while pending. */
  earningUntil: z.string().nullable(),
});
export const recruitPage = cursorPage('recruits', recruit);

export const joinBody = z.object({ code: z.string().trim().min(1, 'That referral link is not valid.').max(200, 'That referral link is not valid.') });
export const joinAnswer = z.object({ success: z.literal(true), recorded: z.boolean() });
