import * as z from 'zod';
import { storedAddress } from './common.js';
import { upsInfoAnswer } from './consultant.js';
import { parcelSchema, SERVICES, shipToSchema } from './shipping.js';

/**
 * The seller's settings (spec section 2 /settings and its #email and #shipping sections, issue 16): what
 * `GET /settings/getSettingsJSON` answers and what `POST /settings/save` takes, a section or a field at a time.
 */
export const LABEL_FORMATS = ['4x6', 'letter'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

const hexColour = z
  .string()
  .trim()
  .max(7, 'Choose a colour like #1a73e8.')
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #1a73e8.');

/** The look labels and emails have until a seller chooses their own (the colour pickers start here). */
export const DEFAULT_LOOK = { primaryColor: '#1a73e8', accentColor: '#f4b400' } as const;

/** Whether a look is the seller's own: a logo, or a colour other than the default (onboarding's Personalize step). */
export function isOwnLook(look: { logoUrl?: string; primaryColor?: string; accentColor?: string } | undefined): boolean {
  if (!look) return false;
  const differs = (colour: string | undefined, fallback: string) => !!colour && colour.toLowerCase() !== fallback;
  return !!look.logoUrl || differs(look.primaryColor, DEFAULT_LOOK.primaryColor) || differs(look.accentColor, DEFAULT_LOOK.accentColor);
}

export const personalization = z.object({
  /** A logo image's address (an uploaded email image or the seller's own https URL). */
  logoUrl: z.string().trim().max(500).url('Enter the logo as a web address (https://…).').startsWith('https://', 'The logo address must start with https://.').or(z.literal('')).optional(),
  primaryColor: hexColour.optional(),
  accentColor: hexColour.optional(),
});

export const shippingDefaults = z.object({
  defaultService: z.enum(SERVICES, { error: 'Choose a shipping service.' }).optional(),
  labelFormat: z.enum(LABEL_FORMATS, { error: 'Choose 4x6 or letter.' }).default('4x6'),
  parcel: parcelSchema.optional(),
});

const businessName = z.string().trim().max(100, 'Business name can be at most 100 characters.');
const senderName = z.string().trim().max(100, 'Sender name can be at most 100 characters.');
const replyTo = z.string().trim().max(254).email('Enter a valid reply-to email address.').or(z.literal(''));

/** The sections of /settings, each a form of its own (the web app's forms use these). */
/**
 * A return address left wholly blank is none: the business name and the look can be saved before the address is
 * known (onboarding's steps one at a time). One field filled asks for the rest.
 */
const blankIsNone = (v: unknown) =>
  v && typeof v === 'object' && Object.entries(v).every(([k, x]) => k === 'country' || x === undefined || x === null || (typeof x === 'string' && x.trim() === '')) ? undefined : v;

// Typed as the optional address it validates to: a preprocess's input is `unknown`, which would hide the address's
// fields from the form that edits them.
const returnAddress = z.preprocess(blankIsNone, shipToSchema.optional()) as unknown as z.ZodOptional<typeof shipToSchema>;

export const businessSection = z.object({ businessName, personalization, returnAddress });
export const emailSection = z.object({
  /** The name the customer's inbox shows for the seller's emails (#email). */
  senderName,
  replyTo,
  automaticFollowUp: z.boolean(),
});
export const shippingSection = z.object({ shipping: shippingDefaults });
/** The seller's own UPS account number (UPS shipper numbers are 6 letters and digits): onboarding's UPS step. */
export const upsSection = z.object({
  upsAccountNumber: z
    .string()
    .trim()
    .max(6, 'Enter your 6-character UPS account number.')
    .regex(/^[A-Za-z0-9]{6}$/, 'Enter your 6-character UPS account number.')
    .transform((v) => v.toUpperCase()),
});

/** What a seller may change; every field optional, so each section saves only its own. */
export const settingsSaveBody = z
  .strictObject(
    { ...businessSection.partial().shape, ...emailSection.partial().shape, ...shippingSection.partial().shape, ...upsSection.partial().shape },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'That setting does not exist.' : undefined) },
  )
  .refine((v) => Object.keys(v).length > 0, 'Nothing to save.');
export type SettingsSave = z.output<typeof settingsSaveBody>;

export const settingsAnswer = z.object({
  businessName: z.string().nullable(),
  personalization: z.object({ logoUrl: z.string().optional(), primaryColor: z.string().optional(), accentColor: z.string().optional() }),
  returnAddress: storedAddress.nullable(),
  senderName: z.string().nullable(),
  replyTo: z.string().nullable(),
  automaticFollowUp: z.boolean(),
  shipping: z.object({
    defaultService: z.enum(SERVICES).optional(),
    labelFormat: z.enum(LABEL_FORMATS),
    parcel: parcelSchema.optional(),
  }),
  /** The seller's own UPS account, when linked (`GET /UPS/getConsultantInfo`). */
  ups: upsInfoAnswer,
});
export type SettingsAnswer = z.output<typeof settingsAnswer>;
