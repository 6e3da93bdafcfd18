import * as z from 'zod';
import { PACKAGES, PLANS } from '../domain/plans.js';
import { storedAddress } from './common.js';

/** The seller's own information (spec section 7, Consultant): what the calls answer. */

export const region = z.object({ code: z.string(), name: z.string() });
export type Region = z.output<typeof region>;
// Readonly: the server answers its fixed lists as they are.
export const countriesAnswer = z.object({ countries: z.array(region).readonly() });
export const statesAnswer = z.object({ states: z.array(region).readonly() });

/** `/consultant/dashboard`: the seller and the counters kept on their profile. */
export const dashboard = z.object({
  name: z.string(),
  businessName: z.string().nullable(),
  /** null: signed up, no plan chosen yet (the app sends the seller to /signup-package). */
  plan: z.enum(PLANS).nullable(),
  planLabel: z.string().max(40),
  customerCount: z.number().int().nonnegative(),
  orderCount: z.number().int().nonnegative(),
});
export type Dashboard = z.output<typeof dashboard>;

/** The seller's plan and names, for screens that offer only what the plan includes. */
export const consultantInfoLite = dashboard.pick({ name: true, plan: true, planLabel: true, businessName: true });

export const returnAddress = storedAddress;

export const consultantInfo = dashboard.extend({
  email: z.string(),
  package: z.enum(PACKAGES).nullable(),
  annual: z.boolean(),
  phone: z.string().nullable(),
  returnAddress: returnAddress.nullable(),
  onboarding: z.record(z.string(), z.boolean().optional()),
  /** Spec section 4: ceil(done / 6 * 100) capped at 100, counted by the server from the six steps. */
  onboardingPercent: z.number().int().min(0).max(100),
  walkthroughClosed: z.boolean(),
});

/** The seller's own UPS account, when linked (`GET /UPS/getConsultantInfo`; also in the settings answer). */
export const upsInfoAnswer = z.object({ linked: z.boolean(), accountNumber: z.string().optional() });
