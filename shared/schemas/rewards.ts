import * as z from 'zod';
import { CUSTOMER_REWARD_STATES, GOAL_TYPES, PROGRAM_STATES, REWARD_ICONS } from '../domain/rewards-constants.js';
import { cursorParam, idParam } from './common.js';

/**
 * Rewards calls' answers (spec section 7, issue 14). Dates the seller reads are MM/DD/YYYY; timestamps are ISO.
 * Points are what the goal counts: items, or dollars with cents as decimals (at most 2).
 */
export const rewardSettings = z.object({
  /** MM/DD/YYYY, null while the program has never been set up. */
  startDate: z.string().nullable(),
  goalCount: z.number().int(),
  goalType: z.enum(GOAL_TYPES),
  rewardText: z.string(),
  icon: z.enum(REWARD_ICONS),
  active: z.boolean(),
  /** Starter: rewards are not part of the plan (spec section 3). */
  notAvailable: z.boolean(),
  announcementSent: z.boolean(),
  sendRewardsEmail: z.boolean(),
  state: z.enum(PROGRAM_STATES),
  /**
   * The orders placed before the program earned, from its start date on, are still being credited (its catch-up:
   * seconds after a save or restart); the dashboard says so and reads again until they are.
   */
  catchingUp: z.boolean(),
});
export type RewardSettings = z.infer<typeof rewardSettings>;

export const rewardSettingsAnswer = z.object({ success: z.literal(true), message: z.string(), settings: rewardSettings });

/** One row of the /rewards dashboard table (Customer, Points, Date Earned, Status). */
export const rewardCustomerRow = z.object({
  customerID: z.string(),
  name: z.string(),
  email: z.string(),
  points: z.number(),
  /** MM/DD/YYYY the customer last reached the goal, null if never. */
  dateEarned: z.string().nullable(),
  status: z.enum(CUSTOMER_REWARD_STATES),
  /** floor(points / goal): rewards waiting to be redeemed. */
  redeemCount: z.number().int(),
});
export type RewardCustomerRow = z.infer<typeof rewardCustomerRow>;

export const rewardInfoQuery = z.object({
  q: z.string().trim().max(100, 'Search can be at most 100 characters.').optional(),
  cursor: cursorParam,
});
export const rewardInfoAnswer = z.object({
  settings: rewardSettings,
  customers: z.array(rewardCustomerRow),
  /** Present when there is another page (page size 20). */
  cursor: z.string().optional(),
});

/** A fulfilled (redeemed) reward. */
export const fulfilledReward = z.object({
  customerID: z.string(),
  name: z.string(),
  rewardText: z.string(),
  icon: z.enum(REWARD_ICONS),
  dateEarned: z.string(),
  dateFulfilled: z.string(),
});
export const previousRewardsQuery = z.object({ customerId: idParam.optional(), cursor: cursorParam });
/** Without customerId: the seller's last fulfilled rewards; with it: that customer's history (/rewards/history). */
export const previousRewardsAnswer = z.object({
  rewards: z.array(fulfilledReward),
  /** With customerId: the customer's point changes, newest first (orders earned, adjustments, redeems). */
  history: z
    .array(
      z.object({
        at: z.string(),
        kind: z.enum(['order', 'adjustment', 'redeem', 'reversal']),
        points: z.number(),
        orderID: z.string().optional(),
        description: z.string(),
      }),
    )
    .optional(),
  customer: rewardCustomerRow.optional(),
  cursor: z.string().optional(),
});

export const giftsEarnedAnswer = z.object({ count: z.number().int() });

/** Redeem: the request key makes a double click or a retry redeem once. */
export const redeemBody = z.object({
  customerID: idParam,
  requestKey: z.string().trim().min(8).max(100),
});
export const redeemAnswer = z.object({ success: z.literal(true), rewardBalance: z.number(), redeemCount: z.number().int() });

export const emailsSentAnswer = z.object({ success: z.literal(true), message: z.string() });
