import type { ReactNode } from 'react';
import type { Plan } from '../../../../shared/domain/plans';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PlanPrompt } from '../../components/PlanPrompt';
import { useSellerPlan } from './api';

/**
 * Every rewards screen starts here: rewards are not part of starter (spec section 6), so starter sees the plan
 * prompt and no rewards call is made; growth and up get the screen with their plan.
 */
export function RewardsGate({ title, children }: { title: string; children: (plan: Plan) => ReactNode }) {
  const plan = useSellerPlan();
  if (plan.isPending)
    return (
      <>
        <PageHeader title={title} />
        <Loading />
      </>
    );
  if (plan.error)
    return (
      <>
        <PageHeader title={title} />
        <ErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />
      </>
    );
  if (plan.data === 'starter' || plan.data === null)
    return (
      <>
        <PageHeader title={title} />
        <PlanPrompt>A rewards program that brings customers back is part of the Growth plan and up.</PlanPrompt>
      </>
    );
  return <>{children(plan.data)}</>;
}
