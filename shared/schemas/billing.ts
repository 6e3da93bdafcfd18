import { z } from 'zod';
import { PLANS } from '../domain/plans.js';

/** Auto-recharge amounts of spec section 9, in dollars; 0 turns postage off. */
export const AUTO_RECHARGE_OPTIONS = [0.01, 10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 1000, 2000] as const;
/** The design (modal) layout offers fewer (spec section 9). */
export const DESIGN_AUTO_RECHARGE_OPTIONS = AUTO_RECHARGE_OPTIONS.filter((v) => ![75, 150, 250, 300, 400, 2000].includes(v));
export const DEFAULT_AUTO_RECHARGE = 25;

export const planField = z.enum(PLANS, { error: 'Choose a plan.' });

export const autoRechargeAmount = z
  .number({ error: 'Choose a recharge amount.' })
  .refine((v) => v === 0 || (AUTO_RECHARGE_OPTIONS as readonly number[]).includes(v), 'Choose a recharge amount.');

/** POST /payment (spec section 7). */
export const payBody = z.object({
  token: z.string({ error: 'A payment method must be selected.' }).trim().min(1, 'A payment method must be selected.').max(4000),
  plan: planField,
  zip: z.string({ error: 'ZIP must be at least 5 characters.' }).trim().min(5, 'ZIP must be at least 5 characters.').max(10),
  autoRechargeAmount: autoRechargeAmount.optional(),
  paymentProcessor: z.string().trim().min(1).max(40).default('sandbox'),
  annual: z.boolean().default(false),
  keepCancellation: z.boolean().default(false),
  createPaymentRequest: z.boolean().default(false),
});
export type PayBody = z.infer<typeof payBody>;

/** POST /payment/upgrade (spec section 7). */
export const upgradeBody = z.object({
  plan: planField,
  annual: z.boolean({ error: 'Must be true or false.' }),
  annualModified: z.boolean().default(false),
});
