/**
 * The rewards program's constants (spec sections 3 and 9, issue 14). The pure rules that use them live in
 * shared/domain/rewards.ts.
 */
export const DEFAULT_GOAL_COUNT = 10;
export const MIN_GOAL_COUNT = 1;
export const MAX_GOAL_COUNT = 9999;
export const MAX_REWARD_TEXT = 25;
export const GOAL_TYPES = ['items', 'dollars'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** The 18 icons a program may show, a star first (spec section 3). */
export const REWARD_ICONS = [
  'star',
  'gift',
  'heart',
  'trophy',
  'crown',
  'gem',
  'sparkles',
  'balloon',
  'cake',
  'coffee',
  'flower',
  'rainbow',
  'sun',
  'moon',
  'butterfly',
  'ribbon',
  'shopping-bag',
  'party',
] as const;
export type RewardIcon = (typeof REWARD_ICONS)[number];

export const ANNOUNCEMENT_SUBJECT = 'Awesome Rewards for Amazing Customers';
/** "Almost": at least this share of the goal (spec section 4). */
export const ALMOST_SHARE = 0.8;
/** The daily job reminds a customer of an unredeemed reward at most this often. */
export const REMINDER_INTERVAL_DAYS = 7;
/** The start date may not be before one month ago (spec section 5). */
export const START_DATE_MAX_MONTHS_BACK = 1;
/** Item lines whose name starts with this earn nothing. */
export const FREE_ITEM_PREFIX = 'Free';

export const PROGRAM_STATES = ['notStarted', 'scheduled', 'active', 'cancelled'] as const;
export type ProgramState = (typeof PROGRAM_STATES)[number];
/** A customer's place in the program: below 80 %, almost, earned (a reward to redeem), fulfilled (redeemed, nothing new). */
export const CUSTOMER_REWARD_STATES = ['inProgress', 'almost', 'earned', 'fulfilled'] as const;
export type CustomerRewardState = (typeof CUSTOMER_REWARD_STATES)[number];
