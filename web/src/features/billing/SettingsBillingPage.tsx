import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Link } from 'react-router';
import { PLAN_LABELS } from '../../../../shared/domain/plans';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useBillingInfo } from './api';
import { BillingForm } from './BillingForm';

const SAVED = 'Your billing information has been saved.';

/** /settingsbilling: the billing form's plain settings layout; saving a card keeps the seller's plan and period. */
export function SettingsBillingPage() {
  const info = useBillingInfo();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <PageHeader title="Billing" />
      {info.isPending && <Loading />}
      {info.isError && <ErrorAlert error={info.error} onRetry={() => info.refetch()} />}
      {info.data && !info.data.plan && (
        <p>
          No plan yet. <Link to="/signup-package">Choose your plan</Link> to start.
        </p>
      )}
      {info.data?.plan && (
        <>
          <p>
            {PLAN_LABELS[info.data.plan]} plan, billed {info.data.annual ? 'annually' : 'monthly'}.
            {info.data.pendingPlan && info.data.pendingPlan !== info.data.plan && (
              <span data-testid="pending-plan">
                {' '}
                It changes to {PLAN_LABELS[info.data.pendingPlan]} at your next charge (<Link to="/upgrade">keep {PLAN_LABELS[info.data.plan]}</Link>).
              </span>
            )}
          </p>
          {saved && (
            <Alert variant="success" dismissible onClose={() => setSaved(false)}>
              {SAVED}
            </Alert>
          )}
          <BillingForm layout="settings" plan={info.data.plan} annual={info.data.annual} submitLabel="Save Billing" onSaved={() => setSaved(true)} />
        </>
      )}
    </>
  );
}
