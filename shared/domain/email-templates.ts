import { BASE_EDITABLE_TEMPLATE, canEditTemplate, type MaybePackage, TEMPLATE_CAP } from './plans.js';

/**
 * Email templates (spec sections 3, 5, 6): the default follow-up, the merge fields and their rendering, and who may
 * keep how many. One module for the web app's preview and the server's sent email, so both read the same text.
 */

/** Spec section 5: a template name is required when saving, at most 100 characters. */
export const MAX_TEMPLATE_NAME = 100;
export const MAX_TEMPLATE_SUBJECT = 200;
export const MAX_TEMPLATE_MESSAGE = 10_000;

/** The template every seller has without saving it (spec section 6 names it). */
export const DEFAULT_TEMPLATE_NAME = BASE_EDITABLE_TEMPLATE;

/**
 * Merge fields, written `{{name}}` in a subject or message (spaces inside the braces allowed, names case-sensitive).
 * The value of each, and what stands in when the order or customer has none.
 */
export const MERGE_FIELDS = {
  firstName: { label: 'Customer first name', fallback: 'there' },
  orderNumber: { label: 'Order number', fallback: 'your order' },
  trackingLink: { label: 'Tracking link', fallback: 'the tracking link in your shipping email' },
  sellerName: { label: "Seller's name", fallback: 'us' },
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];
export type MergeValues = Partial<Record<MergeField, string | null | undefined>>;

export interface EmailTemplate {
  name: string;
  subject: string;
  message: string;
}

export const DEFAULT_TEMPLATE: EmailTemplate = {
  name: DEFAULT_TEMPLATE_NAME,
  subject: 'Thank you for your order, {{firstName}}!',
  message: [
    'Hi {{firstName}},',
    '',
    'Thank you for your order {{orderNumber}}. I hope you love it!',
    '',
    'You can follow your package here: {{trackingLink}}',
    '',
    'If anything is not right, just reply to this email and I will make it right.',
    '',
    'Thanks again,',
    '{{sellerName}}',
  ].join('\n'),
};

/** Values the preview fills in, as a real order would. */
export const SAMPLE_VALUES: Record<MergeField, string> = {
  firstName: 'Jamie',
  orderNumber: '#1042',
  trackingLink: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
  sellerName: 'Your shop',
};

const FIELD = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

const isMergeField = (name: string): name is MergeField => Object.hasOwn(MERGE_FIELDS, name);

/**
 * Fills every known merge field with its value, or its fallback when the value is missing or blank. An unknown
 * field (a typo such as `{{frstName}}`) is left exactly as typed, so the seller sees it in the preview and fixes it
 * rather than the customer reading an empty gap. Plain text in, plain text out (no HTML is interpreted).
 */
export function renderText(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, name: string) => {
    if (!isMergeField(name)) return whole;
    const value = values[name]?.trim();
    return value ? value : MERGE_FIELDS[name].fallback;
  });
}

/** A template's subject and message with its merge fields filled: the preview and the sent email both use this. */
export function renderTemplate(template: Pick<EmailTemplate, 'subject' | 'message'>, values: MergeValues): { subject: string; message: string } {
  return { subject: renderText(template.subject, values), message: renderText(template.message, values) };
}

/** Fields written in `text` that are not merge fields (the editor warns of them). */
export function unknownFields(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!).filter((n) => !isMergeField(n)))];
}

/** How many saved templates (the default FollowUpEmail not counted unless saved) the package may keep. */
export function templateCap(pkg: MaybePackage): number {
  return pkg ? TEMPLATE_CAP[pkg] : 0;
}

/** Whether a new template may be added: the seller's count is below the cap (disableNewTemplate is its negation). */
export function canAddTemplate(pkg: MaybePackage, savedCount: number): boolean {
  return savedCount < templateCap(pkg);
}

export type TemplateWriteCheck = { ok: true } | { ok: false; reason: 'locked' | 'cap' };

/**
 * Whether `pkg` may save the template named `name`: base and starterlegacy edit nothing but base's FollowUpEmail;
 * a new name counts against the cap (an existing one, or the default, is an edit). The default FollowUpEmail saved
 * by base is an edit of the default and does not count against its cap of 0.
 */
export function checkTemplateWrite(pkg: MaybePackage, name: string, exists: boolean, savedCount: number): TemplateWriteCheck {
  if (!canEditTemplate(pkg, name)) return { ok: false, reason: 'locked' };
  if (exists || name === DEFAULT_TEMPLATE_NAME) return { ok: true };
  return canAddTemplate(pkg, savedCount) ? { ok: true } : { ok: false, reason: 'cap' };
}
