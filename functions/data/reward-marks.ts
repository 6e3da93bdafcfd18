/**
 * The rewards member's marks on the customer item (docs/data-model.md "Rewards points on the customer"), declared once
 * for customerEntity, which writes them with every change of the balance, and rewardMemberView, which reads them.
 */
export const rewardMarkAttributes = {
  /** The name and email lower-cased as of the last balance change: the dashboard's search filters on it. */
  rewardSearch: { type: 'string' },
  /** Rewards redeemed so far. */
  rewardRedeemed: { type: 'number' },
  /** YYYY-MM-DD the customer last reached the goal (the reminder's anchor, the dashboard's Date Earned). */
  rewardEarnedAt: { type: 'string' },
  /** YYYY-MM-DD the customer last crossed 80 % of the goal. */
  rewardAlmostSince: { type: 'string' },
  rewardLastEarnAt: { type: 'string' },
  rewardLastRedeemAt: { type: 'string' },
} as const;
