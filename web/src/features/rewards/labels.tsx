import Badge from 'react-bootstrap/Badge';
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
