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
export const businessSection = z.object({ businessName, personalization, returnAddress: shipToSchema });
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
