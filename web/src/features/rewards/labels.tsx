import Badge from 'react-bootstrap/Badge';
import type { DataColumn } from '../../components/DataTable';
import type { FulfilledReward } from './api';
import { ICON_EMOJI, iconLabel } from './reward-icons';
import type { CustomerRewardState, ProgramState } from '../../../../shared/domain/rewards-constants';

const CUSTOMER_STATES: Record<CustomerRewardState, { label: string; bg: string }> = {
  inProgress: { label: 'In Progress', bg: 'secondary' },
  almost: { label: 'Almost', bg: 'info' },
  earned: { label: 'Earned', bg: 'success' },
  fulfilled: { label: 'Fulfilled', bg: 'primary' },
};

export const customerStateLabel = (state: CustomerRewardState) => CUSTOMER_STATES[state].label;

/** A customer's place in the program; an earned row says how many rewards wait when more than one. */
export function CustomerStateBadge({ state, redeemCount }: { state: CustomerRewardState; redeemCount: number }) {
  const { label, bg } = CUSTOMER_STATES[state];
  return (
    <Badge bg={bg} data-testid="reward-status">
      {label}
      {state === 'earned' && redeemCount > 1 ? ` ×${redeemCount}` : ''}
    </Badge>
  );
}

const PROGRAM_STATES: Record<ProgramState, { label: string; bg: string }> = {
  notStarted: { label: 'Not started', bg: 'secondary' },
  scheduled: { label: 'Scheduled', bg: 'info' },
  active: { label: 'Active', bg: 'success' },
  cancelled: { label: 'Ended', bg: 'danger' },
};

export function ProgramStateBadge({ state }: { state: ProgramState }) {
  const { label, bg } = PROGRAM_STATES[state];
  return (
    <Badge bg={bg} data-testid="program-state">
      {label}
    </Badge>
  );
}

/** A fulfilled reward's columns: the reward with its icon, when it was earned and when fulfilled. */
export const REWARD_COLUMNS: DataColumn<FulfilledReward>[] = [
  {
    id: 'reward',
    header: 'Reward',
    value: (r) => r.rewardText,
    cell: (r) => (
      <>
        <span role="img" aria-label={iconLabel(r.icon)} className="me-1">
          {ICON_EMOJI[r.icon]}
        </span>
        {r.rewardText}
      </>
    ),
  },
  { id: 'earned', header: 'Date Earned', value: (r) => r.dateEarned },
  { id: 'fulfilled', header: 'Date Fulfilled', value: (r) => r.dateFulfilled },
];
