import { useNavigate, useSearchParams } from 'react-router';
import { PLAN_LABELS } from '../../../../shared/domain/plans';
import { packageFromUrl } from '../../../../shared/schemas/billing';
import { PageHeader } from '../../components/PageHeader';
import { rememberedAnnual, rememberedPackage } from '../../lib/plan-choice';
import { BillingForm } from './BillingForm';

/**
 * /payment: the billing form's design layout for the plan in the address, else the one remembered in the
 * `package` and `annualSub` cookies (spec section 9). Only the processor's token is sent.
 */
export function PaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = packageFromUrl(params.get('package')) ?? rememberedPackage() ?? 'growth';
  const annualParam = params.get('annual');
  const annual = annualParam === null ? (rememberedAnnual() ?? false) : annualParam === 'true';

  return (
    <>
      <PageHeader title="Payment" />
      <p>
        {PLAN_LABELS[plan]} plan, billed {annual ? 'annually' : 'monthly'}.
      </p>
      <BillingForm
        layout="design"
        plan={plan}
        annual={annual}
        submitLabel={`Pay and Start ${PLAN_LABELS[plan]}`}
        onSaved={() => navigate(params.get('returnUrl') ?? '/dashboard')}
      />
    </>
  );
}
