import { passesLuhn } from '../domain/card-number.js';
import * as z from 'zod';
import { MESSAGES } from '../api/messages.js';
import { US_STATES } from '../domain/geo.js';
import { PLANS } from '../domain/plans.js';
import { cursorPage } from './common.js';

/** Auto-recharge amounts of spec section 9, in dollars; 0 turns postage off. */
export const AUTO_RECHARGE_OPTIONS = [0.01, 10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 1000, 2000] as const;
/** The design (modal) layout offers fewer (spec section 9). */
export const DESIGN_AUTO_RECHARGE_OPTIONS = AUTO_RECHARGE_OPTIONS.filter((v) => ![75, 150, 250, 300, 400, 2000].includes(v));
export const DEFAULT_AUTO_RECHARGE = 25;

/** Spec section 6: ACH-disabled accounts pay by card only. */
export const ONLY_CREDIT = 'Only credit cards can be used on this account.';

export const planField = z.enum(PLANS, { error: 'Choose a plan.' });

export const autoRechargeAmount = z
  .number({ error: 'Choose a recharge amount.' })
  .max(Math.max(...AUTO_RECHARGE_OPTIONS), 'Choose a recharge amount.')
  .refine((v) => v === 0 || (AUTO_RECHARGE_OPTIONS as readonly number[]).includes(v), 'Choose a recharge amount.');

export const METHOD_REQUIRED = 'A payment method must be selected.';
const ZIP_SHORT = 'ZIP must be at least 5 characters.';
/** A US ZIP or ZIP+4: digits only, never a letter (issue 17). */
export const ZIP_FORMAT = /^\d{5}(-?\d{4})?$/;

/**
 * POST /payment (spec section 7). Without a token the seller keeps the saved method (the form's existing card)
 * and changes only the recharge amount or plan; a new token comes with its ZIP (spec section 5).
 */
export const payBody = z
  .object({
    token: z.string({ error: METHOD_REQUIRED }).trim().min(1, METHOD_REQUIRED).max(4000).optional(),
    plan: planField,
    zip: z.string({ error: ZIP_SHORT }).trim().min(5, ZIP_SHORT).max(10, MESSAGES.zipFormat).regex(ZIP_FORMAT, MESSAGES.zipFormat).optional(),
    autoRechargeAmount: autoRechargeAmount.optional(),
    paymentProcessor: z.string().trim().min(1).max(40).default('sandbox'),
    annual: z.boolean().default(false),
    keepCancellation: z.boolean().default(false),
    createPaymentRequest: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.token && !body.zip) ctx.addIssue({ code: 'custom', path: ['zip'], message: ZIP_SHORT });
  });
export type PayBody = z.infer<typeof payBody>;

/** POST /payment/upgrade (spec section 7). */
export const upgradeBody = z.object({
  plan: planField,
  annual: z.boolean({ error: 'Must be true or false.' }),
  annualModified: z.boolean().default(false),
});

/** Where the billing form is shown; signup, activate and shipping do not ask for a recharge amount. */
export const BILLING_CONTEXTS = ['signup', 'activate', 'shipping', 'settings', 'payment'] as const;
export type BillingContext = (typeof BILLING_CONTEXTS)[number];

export interface BillingFormOptions {
  context: BillingContext;
  /** ACH-disabled accounts may pay by credit card only (spec section 6). */
  achDisabled: boolean;
  /** Stripe, or Shopify with bank: a bank must be linked (through Plaid) rather than typed in. */
  requiresLinkedBank: boolean;
  /** The card's number, expiry and CVC are typed into the processor's own element (Stripe.js), not into the form. */
  processorCardEntry?: boolean;
  /** The day an expiry is checked against (tests); today otherwise. */
  today?: Date;
}

export const EXPIRATION = /^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/;

/** Spec section 5 (URL package): only these are taken from the address bar. */
export function packageFromUrl(value: string | null | undefined) {
  const parsed = planField.safeParse(value?.toLowerCase());
  return parsed.success ? parsed.data : undefined;
}

const text = z.string().trim().default('');

/** The payment model of spec section 3, as the form holds it. */
export const billingFormFields = z.object({
  method: z.enum(['existing', 'credit', 'bank']).optional(),
  name: text,
  firstName: text,
  lastName: text,
  address1: text,
  city: text,
  state: text,
  accountNumber: text,
  expiration: text,
  cvv: text,
  zip: text,
  routingNumber: text,
  accountType: text,
  holderType: text,
  bankName: text,
  bankLast4: text,
  autoRechargeAmount: autoRechargeAmount.optional(),
});
export type BillingForm = z.input<typeof billingFormFields>;

/** Every billing rule of spec section 5, with its message on its field. */
export function billingFormSchema(options: BillingFormOptions) {
  return billingFormFields.superRefine((form, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!form.method) return fail('method', METHOD_REQUIRED);
    // The saved method (existingCard) is kept as it is: nothing of it is typed again.
    if (form.method !== 'existing' && !form.name) fail('name', 'Name is required.');
    const recharge = !['signup', 'activate', 'shipping'].includes(options.context);
    if (recharge && form.autoRechargeAmount === undefined) fail('autoRechargeAmount', 'Choose a recharge amount.');
    if (form.method === 'credit') {
      const address = ['firstName', 'lastName', 'address1', 'city', 'state', 'zip'] as const;
      const typed = options.processorCardEntry ? address : ([...address, 'accountNumber', 'expiration', 'cvv'] as const);
      for (const f of typed) if (!form[f]) fail(f, 'All card fields are required.');
      if (form.accountNumber && !validCardNumber(form.accountNumber)) fail('accountNumber', CARD_NUMBER_INVALID);
      if (form.expiration && !EXPIRATION.test(form.expiration)) fail('expiration', 'Expiration must be MM/YY or MM/YYYY.');
      else if (form.expiration && expired(form.expiration, options.today ?? new Date())) fail('expiration', CARD_EXPIRED);
      if (form.cvv && !/^\d{3,4}$/.test(form.cvv)) fail('cvv', CVV_DIGITS);
      if (form.state && !US_STATES.some((st) => st.code === form.state)) fail('state', 'Choose a state.');
      if (form.zip && form.zip.length < 5) fail('zip', ZIP_SHORT);
      else if (form.zip && !ZIP_FORMAT.test(form.zip)) fail('zip', MESSAGES.zipFormat);
    }
    if (form.method === 'bank') {
      if (options.achDisabled) return fail('method', ONLY_CREDIT);
      if (options.requiresLinkedBank) {
        if (!form.bankLast4) fail('bankLast4', 'Link your bank account to continue.');
        return;
      }
      // POST /payment takes a new token only with its ZIP, so a typed bank asks for one as a card does.
      for (const f of ['routingNumber', 'accountNumber', 'accountType', 'holderType', 'zip'] as const) {
        if (!form[f]) fail(f, 'All bank fields are required.');
      }
      if (form.routingNumber && !/^\d{9}$/.test(form.routingNumber)) fail('routingNumber', 'Routing number must be 9 digits.');
      if (form.zip && form.zip.length < 5) fail('zip', ZIP_SHORT);
      else if (form.zip && !ZIP_FORMAT.test(form.zip)) fail('zip', MESSAGES.zipFormat);
    }
  });
}

export const CARD_NUMBER_INVALID = 'Card number is not valid.';
export const CARD_EXPIRED = 'This card has expired.';
export const CVV_DIGITS = 'CVV must be 3 or 4 digits.';

/** 12 to 19 digits (spaces or dashes between them allowed) passing the Luhn check every card number carries. */
export function validCardNumber(text: string): boolean {
  if (!/^[\d -]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  return passesLuhn(digits);
}

/** A card is good through the last day of its expiry month. */
export function expired(expiration: string, today: Date): boolean {
  const [mm, yy] = expiration.split('/');
  const year = Number(yy) < 100 ? 2000 + Number(yy) : Number(yy);
  return year * 12 + Number(mm) < today.getFullYear() * 12 + today.getMonth() + 1;
}

/** A new card's ZIP is kept as its first 5 characters (spec section 5). */
export function storedZip(zip: string): string {
  return zip.trim().slice(0, 5);
}

const plaidText = z.string().max(500).nullish();
/** What Plaid Link reports when the seller leaves it with an error: names and codes only, each a short text. */
export const plaidLinkErrorBody = z.object({
  err: z.object({ error_code: plaidText, error_type: plaidText, error_message: plaidText, display_message: plaidText, code: plaidText }).nullish(),
  metadata: z
    .object({
      link_session_id: plaidText,
      status: plaidText,
      request_id: plaidText,
      institution: z.object({ name: plaidText, institution_id: plaidText }).nullish(),
    })
    .nullish(),
});

/** `/upgrade/getUpgradeInfo` (spec section 3): the prices of section 9 and where the seller stands. */
export const upgradeInfo = z.object({
  success: z.boolean(),
  annualSubscription: z.boolean(),
  starterPrice: z.number(),
  growthPrice: z.number(),
  executivePrice: z.number(),
  annualStarterPrice: z.number(),
  annualGrowthPrice: z.number(),
  annualExecutivePrice: z.number(),
  currentPlan: z.enum(PLANS).nullish(),
  showAnnual: z.boolean(),
  trialActive: z.boolean(),
});
export type UpgradeInfo = z.output<typeof upgradeInfo>;

/** A saved payment method as the seller sees it: never a number, only its kind and last digits. */
export const savedMethod = z.object({
  kind: z.enum(['card', 'bank']),
  brand: z.string().nullish(),
  last4: z.string().nullish(),
  expMonth: z.number().nullish(),
  expYear: z.number().nullish(),
  bankName: z.string().nullish(),
});

/** The plan after an upgrade or a payment: changed now, waiting for the next charge, or a payment method first. */
export const planChangeAnswer = z.object({
  success: z.boolean(),
  plan: z.enum(PLANS).optional(),
  pendingPlan: z.enum(PLANS).optional(),
  message: z.string().optional(),
  /** No saved method: where the seller adds one. */
  redirect: z.string().optional(),
  /** What was charged today, in cents (a plan started or raised). */
  chargedCents: z.number().int().min(0).max(10_000_000).optional(),
  /** The method just saved. */
  method: z
    .object({
      methodKind: z.enum(['card', 'bank']),
      brand: z.string().optional(),
      last4: z.string(),
      expMonth: z.number().optional(),
      expYear: z.number().optional(),
      bankName: z.string().optional(),
    })
    .optional(),
});

/** `/payment/billingInfo`: what the billing form shows (the saved method, never a number) and what it asks. */
export const billingInfo = z.object({
  success: z.literal(true),
  /** null: signed up, no plan chosen yet. */
  plan: z.enum(PLANS).nullable(),
  annual: z.boolean(),
  pendingPlan: z.enum(PLANS).nullish(),
  pendingAnnual: z.boolean().nullish(),
  cancellationPending: z.boolean(),
  method: savedMethod.nullish(),
  autoRechargeAmount: z.number().nullish(),
  achDisabled: z.boolean(),
  socialLogin: z.boolean(),
  requiresLinkedBank: z.boolean(),
  /** The plan and period the seller is on are paid for: a second "Pay and Start" for them is refused. */
  planPaid: z.boolean().default(false),
  /** `stripe`: the card is tokenized by Stripe.js; otherwise by the sandbox tokenizer. */
  paymentProcessor: z.string().default('sandbox'),
});
export type BillingInfo = z.output<typeof billingInfo>;

/** One charge of the payment history (issue 6). */
export const charge = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amountCents: z.number(),
  feeCents: z.number(),
  status: z.string(),
  card: z.string().optional(),
  message: z.string().nullish(),
});
export type Charge = z.output<typeof charge>;
export const chargePage = cursorPage('charges', charge);

export const plaidLinkToken = z.object({ success: z.literal(true), linkToken: z.string().min(1), expiration: z.string() });
export const plaidLinked = z.object({ success: z.literal(true), bankName: z.string(), bankLast4: z.string() });
