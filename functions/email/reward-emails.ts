import type { RewardEmailRequested } from '../../events/schemas.js';
import { ANNOUNCEMENT_SUBJECT } from '../../shared/domain/rewards-constants.js';
import type { Deadline } from '../domain/deadline.js';
import { type DeliveryOutcome, deliverEmail } from './deliver.js';
import { plural } from '../../shared/domain/format.js';

/** What a reward email says: the subject and the text before the footer. */
export interface RenderedRewardEmail {
  subject: string;
  text: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Points as the program counts them: items, or dollars of item subtotal. */
function amount(points: number, goalType: RewardEmailRequested['goalType']): string {
  if (goalType === 'dollars') return `$${round2(points).toFixed(2)}`;
  const n = round2(points);
  return plural(n, 'item');
}

/** "You have 8 of 10 items." (the unit once, after the goal it counts toward) or "You have $8.00 of $10.00." */
function progressLine(points: number, goalCount: number, goalType: RewardEmailRequested['goalType']): string {
  if (goalType === 'dollars') return `You have ${amount(points, goalType)} of ${amount(goalCount, goalType)}.`;
  return `You have ${round2(points)} of ${amount(goalCount, goalType)}.`;
}

/**
 * The email of each kind, from what the message carries (points, goal and reward text as they were when it was
 * asked for) and the seller's own words for a reminder or an announcement.
 */
export function renderRewardEmail(m: RewardEmailRequested, names: { firstName?: string; sellerName: string }): RenderedRewardEmail {
  const hi = names.firstName ? `Hi ${names.firstName},` : 'Hello,';
  const reward = m.rewardText?.trim() || 'a reward';
  const goal = m.goalCount !== undefined ? amount(m.goalCount, m.goalType) : undefined;
  const progress = m.points !== undefined && m.goalCount !== undefined ? progressLine(m.points, m.goalCount, m.goalType) : '';
  const own = m.message?.trim();
  switch (m.kind) {
    case 'earned':
      return {
        subject: m.subject ?? `You earned ${reward} from ${names.sellerName}!`,
        text: [hi, '', `You reached the rewards goal${goal ? ` of ${goal}` : ''} at ${names.sellerName} and earned ${reward}.`, 'Reply to this email or mention it with your next order to claim it.'].join('\n'),
      };
    case 'almost': {
      const left = m.points !== undefined && m.goalCount !== undefined ? amount(Math.max(0, m.goalCount - m.points), m.goalType) : undefined;
      return {
        subject: m.subject ?? `You're almost there: ${reward} from ${names.sellerName}`,
        text: [hi, '', `You are close to earning ${reward} at ${names.sellerName}. ${progress}`.trim(), ...(left ? [`Only ${left} to go!`] : [])].join('\n'),
      };
    }
    case 'reminder':
      return {
        subject: m.subject ?? `A reward is waiting for you at ${names.sellerName}`,
        text: [hi, '', own || `You have earned ${reward} at ${names.sellerName} and it is waiting for you.`, ...(progress ? ['', progress] : [])].join('\n'),
      };
    case 'announcement':
      return {
        subject: m.subject?.trim() || ANNOUNCEMENT_SUBJECT,
        text: [
          hi,
          '',
          own || `${names.sellerName} now rewards loyal customers.`,
          ...(goal ? ['', `Reach ${goal} and earn ${reward}.`] : []),
        ].join('\n'),
      };
  }
}

/**
 * One reward email (the reward-emails worker): rendered from the message and the customer's and seller's names,
 * sent by deliverEmail as marketing (consent applies) to the customer's address as it is now. The address the
 * message carries (the customer's when the email was asked for) lets deliverEmail read its suppression with the
 * seller and the customer and claim the email beside that read. A customer without an email address has nothing
 * to send; a customer who is gone neither.
 */
export function sendRewardEmail(m: RewardEmailRequested, deadline?: Deadline): Promise<DeliveryOutcome> {
  const to = m.customerId ? m.customerEmail : m.to;
  return deliverEmail(
    {
      sellerId: m.sellerId,
      ...(m.customerId ? { customerId: m.customerId } : {}),
      ...(to ? { to } : {}),
      kind: `reward-${m.kind}`,
      reason: m.period,
      category: 'marketing',
      render: ({ seller, customer }) => renderRewardEmail(m, { firstName: customer?.firstName, sellerName: seller.businessName || seller.name }),
    },
    deadline,
  );
}
