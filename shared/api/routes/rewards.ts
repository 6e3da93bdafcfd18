import * as z from 'zod';
import { ANNOUNCEMENT_SUBJECT, DEFAULT_GOAL_COUNT, GOAL_TYPES, MAX_REWARD_TEXT, REWARD_ICONS } from '../../domain/rewards-constants.js';
import { idParam, MAX_MESSAGE, MAX_SUBJECT } from '../../schemas/common.js';
import { rewardsAdjustmentAnswer } from '../../schemas/customer.js';
import { emailsSentAnswer, giftsEarnedAnswer, previousRewardsAnswer, previousRewardsQuery, redeemAnswer, redeemBody, rewardInfoAnswer, rewardInfoQuery, rewardSettings, rewardSettingsAnswer } from '../../schemas/rewards.js';
import { route, customerIdBody } from './define.js';

/** The most points one adjustment may add or take (a balance stays far inside the safe integers). */
const MAX_POINTS_ADJUSTMENT = 1_000_000;

/** The rewards call group's routes (served by functions/http/rewards.ts). */
export const rewardsRoutes = [
  // Rewards (unavailable on starter, spec section 6)
  route('rewards.createRewardsAdjustment', 'POST', '/rewards/createRewardsAdjustment', 'rewards', {
    body: z.object({
      customerID: idParam,
      amount: z
        .number({ error: 'Enter a number of points.' })
        .int('Enter a whole number of points.')
        .min(-MAX_POINTS_ADJUSTMENT, `Adjust by at most ${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')} points.`)
        .max(MAX_POINTS_ADJUSTMENT, `Adjust by at most ${MAX_POINTS_ADJUSTMENT.toLocaleString('en-US')} points.`),
      /** One per adjustment the seller makes (the modal's): the same key sent again adds nothing more. */
      requestKey: redeemBody.shape.requestKey.optional(),
    }),
    response: rewardsAdjustmentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.getRewardInfo', 'GET', '/rewards/getrewardinfo', 'rewards', { query: rewardInfoQuery, response: rewardInfoAnswer, minPlan: 'growth' }),
  route('rewards.getPreviousRewards', 'GET', '/rewards/getpreviousrewards', 'rewards', {
    query: previousRewardsQuery,
    response: previousRewardsAnswer,
    minPlan: 'growth',
  }),
  route('rewards.getSettings', 'GET', '/rewards/getSettings', 'rewards', { response: rewardSettings, minPlan: 'growth' }),
  route('rewards.getGiftsEarnedCount', 'GET', '/rewards/getgiftsearnedcount', 'rewards', { response: giftsEarnedAnswer, minPlan: 'growth' }),
  route('rewards.redeemReward', 'POST', '/rewards/redeemreward', 'rewards', { body: redeemBody, response: redeemAnswer, minPlan: 'growth' }),
  route('rewards.sendAlmostCompletedEmail', 'POST', '/rewards/sendalmostcompletedemail', 'rewards', {
    body: customerIdBody,
    response: emailsSentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.sendReminderEmail', 'POST', '/rewards/sendreminderemail', 'rewards', {
    body: z.object({
      customerID: idParam,
      message: z.string().trim().min(1, 'Reminder message cannot be blank.').max(MAX_MESSAGE),
    }),
    response: emailsSentAnswer,
    minPlan: 'growth',
  }),
  route('rewards.sendAnnouncementEmail', 'POST', '/rewards/SendAnnouncementEmail', 'rewards', {
    body: z.object({
      subject: z.string().trim().min(1, 'Subject is required.').max(MAX_SUBJECT).default(ANNOUNCEMENT_SUBJECT),
      message: z.string().trim().min(1, 'Message is required.').max(MAX_MESSAGE),
      extraEmails: z.string().max(MAX_MESSAGE).optional(),
    }),
    response: emailsSentAnswer,
    minPlan: 'executive',
  }),
  route('rewards.saveSettings', 'POST', '/rewards/savesettings', 'rewards', {
    body: z.object({
      startDate: z.string().max(10, 'Start date must be MM/DD/YYYY.').regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Start date must be MM/DD/YYYY.'),
      goalCount: z.number().int().min(1, 'Goal must be between 1 and 9999.').max(9999, 'Goal must be between 1 and 9999.').default(DEFAULT_GOAL_COUNT),
      goalType: z.enum(GOAL_TYPES).default('items'),
      rewardText: z.string().trim().min(1, 'Reward text is required.').max(MAX_REWARD_TEXT, 'Reward text can be at most 25 characters.'),
      icon: z.enum(REWARD_ICONS).default('star'),
      // Automatic reward emails are executive only (spec section 6): off unless asked for.
      sendRewardsEmail: z.boolean().default(false),
    }),
    response: rewardSettingsAnswer,
    minPlan: 'growth',
    feature: (b) => (b.sendRewardsEmail ? 'automaticRewardEmails' : undefined),
  }),
  route('rewards.restartPrevious', 'POST', '/rewards/restartprevious', 'rewards', { response: rewardSettingsAnswer, minPlan: 'growth' }),
  route('rewards.disableAccount', 'POST', '/rewards/disableAccount', 'rewards', { response: rewardSettingsAnswer, minPlan: 'growth' }),
] as const;
