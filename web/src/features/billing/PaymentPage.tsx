import { Alert } from '../../components/Alert';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../../../shared/domain/format';
import { PLAN_LABELS, type Plan, pricesOf } from '../../../../shared/domain/plans';
import { packageFromUrl } from '../../../../shared/schemas/billing';
import { ErrorAlert } from '../../components/ErrorAlert';
import { flashState } from '../../components/FlashNotice';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { rememberedAnnual, rememberedPackage } from '../../lib/plan-choice';
import { useBillingInfo, useUpgradeInfo } from './api';
import { BillingForm } from './BillingForm';
import { chargeTodayCents } from './billing-choices';

/**
 * The plan and period /payment is for. The address names a choice (sign-up, an upgrade without a saved method); with
 * none (the navigation's Payment link) a seller on a plan sees that plan: a choice remembered in the cookies from an
 * earlier visit to /upgrade would offer to save and start another plan, a downgrade the seller never asked for.
 */
function shownSubscription(params: URLSearchParams, current: { plan: Plan | null; annual: boolean }): { plan: Plan; annual: boolean } {
  const fromUrl = packageFromUrl(params.get('package'));
  const annualParam = params.get('annual');
  const annual = annualParam === null ? undefined : annualParam === 'true';
  if (fromUrl) return { plan: fromUrl, annual: annual ?? rememberedAnnual() ?? false };
  if (current.plan) return { plan: current.plan, annual: annual ?? current.annual };
  return { plan: rememberedPackage() ?? 'growth', annual: annual ?? rememberedAnnual() ?? false };
}

/**
 * /payment: the billing form's design layout for the plan in the address, else the seller's own plan, else the one
 * remembered in the `package` and `annualSub` cookies (spec section 9). The amount charged today is shown before the seller pays;
 * the plan and period already paid for are not offered again. Only the processor's token is sent.
 */
export function PaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const billing = useBillingInfo();
  const prices = useUpgradeInfo();

  const failed = billing.error ?? prices.error;
  if (failed) return <><PageHeader title="Payment" /><ErrorAlert error={failed} onRetry={() => void Promise.all([billing.refetch(), prices.refetch()])} /></>;
  if (!billing.data || !prices.data) return <><PageHeader title="Payment" /><Loading /></>;

  const { plan, annual } = shownSubscription(params, billing.data);
  const heading = (
    <>
      <PageHeader title="Payment" />
      <p>
        {PLAN_LABELS[plan]} plan, billed {annual ? 'annually' : 'monthly'}.
      </p>
    </>
  );

  const cents = chargeTodayCents(billing.data, { plan, annual }, pricesOf(prices.data));
  if (cents === null) {
    return (
      <>
        {heading}
        <Alert variant="info" data-testid="already-paid">
          You already pay for the {PLAN_LABELS[plan]} plan, billed {annual ? 'annually' : 'monthly'}: there is nothing to pay. To change your card
          or bank, go to <Link to="/settingsbilling">Billing settings</Link>; to change plans, go to <Link to="/upgrade">Upgrade</Link>.
        </Alert>
      </>
    );
  }
  const amount = formatMoney(cents / 100);
  return (
    <>
      {heading}
      <p data-testid="charge-today" className="fs-5">
        {cents > 0 ? (
          <>
            Charged today: <strong>{amount}</strong> ({annual ? 'twelve months' : 'one month'} of {PLAN_LABELS[plan]}, not prorated: your billing
            period starts today).
          </>
        ) : (
          <>Nothing is charged today: {PLAN_LABELS[plan]} starts at your next charge.</>
        )}
      </p>
      <BillingForm
        layout="design"
        plan={plan}
        annual={annual}
        createPaymentRequest
        submitLabel={cents > 0 ? `Pay ${amount} and Start ${PLAN_LABELS[plan]}` : `Save and Start ${PLAN_LABELS[plan]}`}
        onSaved={(answer) => {
          const charged = answer.chargedCents ? ` ${formatMoney(answer.chargedCents / 100)} was charged today.` : '';
          const message = answer.pendingPlan
            ? `Your payment method is saved. ${answer.message ?? ''}`.trim()
            : `You are now on the ${PLAN_LABELS[answer.plan ?? plan]} plan.${charged}`;
          navigate(params.get('returnUrl') ?? '/dashboard', { state: flashState(message) });
        }}
      />
    </>
  );
}
