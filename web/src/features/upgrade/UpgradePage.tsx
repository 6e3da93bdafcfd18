import { useState } from 'react';
import { Button, Card, Form, Modal, Spinner, Table } from 'react-bootstrap';
import { Alert } from '../../components/Alert';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/api/messages';
import { formatMoney } from '../../../../shared/domain/format';
import { PLAN_LABELS, PLANS, type Plan, periodPriceCents, pricesOf } from '../../../../shared/domain/plans';
import type { UpgradeInfo } from '../../../../shared/schemas/billing';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { flashState } from '../../components/FlashNotice';
import { PageHeader } from '../../components/PageHeader';
import { describeMethod } from '../../lib/payment-method';
import { rememberAnnual, rememberedAnnual, rememberedPackage, rememberPackage } from '../../lib/plan-choice';
import { useBillingInfo, useChangePlan, useUpgradeInfo } from './api';
import { isDowngrade, planButton, type UpgradeMode } from './plan-buttons';

const UPGRADE_INFO_ERROR = MESSAGES.upgradeInfo;

/** What each plan adds (spec section 1 and the permission matrix of section 6). */
const FEATURES: Record<Plan, string[]> = {
  starter: ['Simple shipping solution', '20 shipments a month ($10 per 80 more)', '7% transaction fee', 'Customer list'],
  growth: ['Professional shipping', '500 shipments a month ($10 per 100 more)', '5% transaction fee', 'Rewards program', 'Email marketing tools'],
  executive: ['Unlimited discounted shipping', '3% transaction fee', 'Expert marketing', 'Automatic reward emails', 'Live chat and phone support'],
};

function price(info: UpgradeInfo, plan: Plan, annual: boolean): number {
  const key = `${annual ? 'annual' : ''}${annual ? PLAN_LABELS[plan] : plan}Price` as keyof UpgradeInfo;
  return info[key] as number;
}

/** What choosing `plan` charges today: one whole period at its price (shared/domain/plans.ts, as the server charges). */
function chargeToday(info: UpgradeInfo, plan: Plan, annual: boolean): string {
  return formatMoney(periodPriceCents(pricesOf(info), plan, annual) / 100);
}

function periodText(info: UpgradeInfo, plan: Plan, annual: boolean): string {
  return annual ? `twelve months at $${price(info, plan, true)}/month` : `one month at $${price(info, plan, false)}/month`;
}

/** What the next screen says happened. */
function changedMessage(answer: { plan?: Plan; pendingPlan?: Plan; message?: string; chargedCents?: number }): string {
  if (answer.pendingPlan) return `${answer.message ?? 'Your plan changes at your next charge.'} You stay on ${answer.plan ? PLAN_LABELS[answer.plan] : 'your plan'} until then.`;
  const charged = answer.chargedCents ? ` ${formatMoney(answer.chargedCents / 100)} was charged today.` : '';
  return `You are now on the ${answer.plan ? PLAN_LABELS[answer.plan] : 'new'} plan.${charged}`;
}

function modeOf(value: string | null): UpgradeMode {
  return value === 'signup' || value === 'details' ? value : 'normal';
}

/** Spec section 9: the annual choice is kept 30 days, the chosen package 365. */
function rememberChoice(plan: Plan | undefined, annual: boolean) {
  rememberAnnual(annual);
  if (plan) rememberPackage(plan);
}

/** `mode` fixes the mode (/signup-package is this page in signup mode); else the address's ?mode= decides. */
export function UpgradePage({ mode: fixed }: { mode?: UpgradeMode } = {}) {
  const [params] = useSearchParams();
  const mode = fixed ?? modeOf(params.get('mode'));
  const navigate = useNavigate();
  const info = useUpgradeInfo();
  const [annualChoice, setAnnual] = useState<boolean | undefined>(undefined);
  // A seller choosing a plan (signup, details) starts from the period they last chose; a subscriber from theirs.
  const annual = annualChoice ?? (mode !== 'normal' ? rememberedAnnual() : undefined) ?? info.data?.annualSubscription ?? false;
  const [selected, setSelected] = useState<Plan | undefined>(() => (mode !== 'normal' ? rememberedPackage() : undefined));
  const [downgrade, setDowngrade] = useState<Plan | undefined>(undefined);
  const [open, setOpen] = useState<Plan | undefined>(undefined);
  // An upgrade (or a new billing period) is charged today: the seller sees the amount and confirms first.
  const [paying, setPaying] = useState<Plan | undefined>(undefined);
  const billing = useBillingInfo();

  const change = useChangePlan(async (answer) => {
    setPaying(undefined);
    setDowngrade(undefined);
    if (answer.redirect) return navigate(answer.redirect);
    navigate(params.get('returnUrl') ?? '/dashboard', { state: flashState(changedMessage(answer)) });
  });
  const changeTo = (plan: Plan) => change.mutate({ plan, annual, annualModified: annualChoice !== undefined });
  // A downgrade waiting for the next charge: shown, and undone by keeping the plan (every query is read again).
  const keep = useChangePlan(() => undefined);

  const choose = (plan: Plan) => {
    rememberChoice(plan, annual);
    change.reset();
    if (isDowngrade(plan, info.data?.currentPlan, mode)) return setDowngrade(plan);
    setPaying(plan);
  };

  const continueOn = () => {
    rememberChoice(selected, annual);
    if (mode === 'details') return navigate('/orders');
    // Sign-up goes on to billing, then account setup (spec section 2: /signup-package, billing, /activate).
    const then = mode === 'signup' ? '&returnUrl=%2Factivate' : '';
    navigate(`/payment?package=${selected ?? info.data?.currentPlan ?? 'growth'}&annual=${annual}${then}`);
  };

  if (info.isPending) return <Spinner animation="border" role="status" aria-label="Loading plans" />;
  if (info.isError) return <Alert variant="danger">{UPGRADE_INFO_ERROR}</Alert>;
  const data = info.data;

  // `layout` keeps the ids of the table's and the cards' radios apart (both are in the page).
  const action = (plan: Plan, layout: 'table' | 'card') => {
    const button = planButton(plan, data, annual, mode);
    if (!button) {
      return mode === 'normal' ? null : (
        <Form.Check type="radio" name={`plan-${layout}`} id={`choose-${layout}-${plan}`} label={`Choose ${PLAN_LABELS[plan]}`} checked={selected === plan} onChange={() => setSelected(plan)} />
      );
    }
    return (
      <Button
        variant={button.label === 'Upgrade Plan' ? 'primary' : 'outline-secondary'}
        disabled={button.disabled || change.isPending}
        onClick={() => choose(plan)}
        aria-label={`${button.label}: ${PLAN_LABELS[plan]}`}
      >
        {button.label}
      </Button>
    );
  };

  return (
    <>
      <PageHeader title={mode === 'signup' ? 'Choose Your Plan' : 'Upgrade'} />
      {data.showAnnual && (
        <Form.Check
          type="switch"
          id="annual-toggle"
          className="mb-3"
          label="Pay annually and save up to 25%"
          checked={annual}
          onChange={(e) => {
            setAnnual(e.target.checked);
            rememberAnnual(e.target.checked);
          }}
        />
      )}
      {change.isError && !paying && <Alert variant="danger">{change.error.message}</Alert>}
      {mode === 'normal' && data.currentPlan && billing.data?.pendingPlan && billing.data.pendingPlan !== data.currentPlan && (
        <Alert variant="info" data-testid="pending-plan" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">
            Your plan changes to {PLAN_LABELS[billing.data.pendingPlan]} at your next charge. You stay on {PLAN_LABELS[data.currentPlan]} until then.
          </span>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={keep.isPending}
            onClick={() => data.currentPlan && keep.mutate({ plan: data.currentPlan, annual: data.annualSubscription, annualModified: false })}
          >
            Keep {PLAN_LABELS[data.currentPlan]}
          </Button>
        </Alert>
      )}
      {keep.isError && <Alert variant="danger">{keep.error.message}</Alert>}

      <div className="d-none d-lg-block" data-testid="plans-table">
        <Table bordered>
          <thead>
            <tr>
              <th>Plan</th>
              {PLANS.map((p) => (
                <th key={p}>{PLAN_LABELS[p]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>Price</th>
              {PLANS.map((p) => (
                <td key={p}>${price(data, p, annual)}/month</td>
              ))}
            </tr>
            <tr>
              <th>Features</th>
              {PLANS.map((p) => (
                <td key={p}>
                  <ul className="mb-0">{FEATURES[p].map((f) => <li key={f}>{f}</li>)}</ul>
                </td>
              ))}
            </tr>
            <tr>
              <th />
              {PLANS.map((p) => (
                <td key={p}>{action(p, 'table')}</td>
              ))}
            </tr>
          </tbody>
        </Table>
      </div>

      <div className="d-lg-none" data-testid="plans-cards">
        {PLANS.map((p) => (
          <Card key={p} className="mb-3">
            <Card.Body>
              <Card.Title>{PLAN_LABELS[p]}</Card.Title>
              <p>${price(data, p, annual)}/month</p>
              <Button variant="link" className="p-0 mb-2" aria-expanded={open === p} onClick={() => setOpen(open === p ? undefined : p)}>
                {open === p ? 'Hide features' : 'See features'}
              </Button>
              {open === p && <ul>{FEATURES[p].map((f) => <li key={f}>{f}</li>)}</ul>}
              <div>{action(p, 'card')}</div>
            </Card.Body>
          </Card>
        ))}
      </div>

      {mode !== 'normal' && (
        <Button onClick={continueOn} disabled={mode === 'signup' && !selected}>
          Continue
        </Button>
      )}

      {paying && (
        <ConfirmDialog
          title={`${data.currentPlan === paying ? 'Switch' : 'Upgrade'} to ${PLAN_LABELS[paying]}, billed ${annual ? 'annually' : 'monthly'}?`}
          action={billing.data && !billing.data.method ? 'Continue to Payment' : `Pay ${chargeToday(data, paying, annual)} and ${data.currentPlan === paying ? 'Switch' : 'Upgrade'}`}
          variant="primary"
          busy={change.isPending}
          error={change.error}
          onHide={() => setPaying(undefined)}
          onConfirm={() => changeTo(paying)}
        >
          <p data-testid="charge-today">
            Charged today: <strong>{chargeToday(data, paying, annual)}</strong>
            {billing.data?.method ? ` to ${describeMethod(billing.data.method)}` : ''}, {periodText(data, paying, annual)}. This is not prorated: your new
            billing period starts today.
          </p>
          {billing.data && !billing.data.method && <p className="mb-0">You have no saved payment method yet: you add one on the next screen, and nothing is charged until you pay there.</p>}
        </ConfirmDialog>
      )}

      <Modal show={!!downgrade} onHide={() => setDowngrade(undefined)}>
        <Modal.Header closeButton>
          <Modal.Title>Downgrade to {downgrade ? PLAN_LABELS[downgrade] : ''}?</Modal.Title>
        </Modal.Header>
        <Modal.Body>Downgrades take effect at your next charge. Until then you keep your current plan.</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setDowngrade(undefined)}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={change.isPending}
            onClick={() => {
              if (downgrade) changeTo(downgrade);
              setDowngrade(undefined);
            }}
          >
            Downgrade Plan
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
