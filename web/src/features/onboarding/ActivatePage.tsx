import { zodResolver } from '@hookform/resolvers/zod';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { ONBOARDING_STEPS, type OnboardingStep } from '../../../../shared/domain/onboarding';
import { upsSection } from '../../../../shared/schemas/settings';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ProgressRing } from '../../components/ProgressRing';
import { type Slide, Walkthrough } from '../../components/Walkthrough';
import { useOnboarding } from '../../lib/onboarding';
import { useSaveUpsAccount } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

/** Each step, and where it is done (spec section 4's six, in its order). */
const STEPS: Record<OnboardingStep, { title: string; text: string; to?: string; action: string }> = {
  platform: { title: 'Connect a platform', text: 'Bring in your orders from the store you sell on.', to: '/settings#integration', action: 'Connect' },
  businessName: { title: 'Business name', text: 'The name your customers see on emails and labels.', to: '/settings#business', action: 'Add' },
  personalization: { title: 'Personalize', text: 'Your logo and colours on labels and emails.', to: '/settings#business', action: 'Personalize' },
  address: { title: 'Return address', text: 'Where your labels ship from and returns come back to.', to: '/settings#business', action: 'Add' },
  billing: { title: 'Billing', text: 'A payment method for your plan and postage.', to: '/settingsbilling', action: 'Set Up' },
  ups: { title: 'UPS account', text: 'Link your own UPS account to ship with your UPS rates.', action: 'Link' },
};

const SLIDES: readonly Slide[] = [
  ['Set up', 'Each step below takes you where it is done; it is ticked here as soon as you finish it.'],
  ['Orders', 'Your orders from every platform, CSV files and live sales land in Orders, ready to ship.'],
  ['Ship', 'Buy a label in a click, or many at once with Batch Purchase.'],
];

function UpsForm() {
  const save = useSaveUpsAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof upsSection>, unknown, z.output<typeof upsSection>>({ resolver: zodResolver(upsSection), defaultValues: { upsAccountNumber: '' } });
  return (
    <Form noValidate className="d-flex flex-wrap gap-2 align-items-start mt-2" onSubmit={handleSubmit((v) => save.mutate(v.upsAccountNumber))}>
      <Form.Group controlId="ups-account">
        <Form.Label className="visually-hidden">UPS account number</Form.Label>
        <Form.Control placeholder="UPS account number" autoComplete="off" {...invalidProps('ups-account', errors.upsAccountNumber)} {...register('upsAccountNumber')} />
        <FieldFeedback fieldId="ups-account" problem={errors.upsAccountNumber} />
      </Form.Group>
      <Button type="submit" variant="outline-primary" disabled={save.isPending}>
        {save.isPending ? 'Linking...' : 'Link UPS Account'}
      </Button>
      {save.error && <ErrorAlert error={save.error} />}
    </Form>
  );
}

/** /activate: the six setup steps, the server's percent in a ring, each step a link to where it is done. */
export function ActivatePage() {
  const { info, percent, steps, hasPlan } = useOnboarding();
  if (info.isPending) return <Loading />;
  if (info.error) return <ErrorAlert error={info.error} onRetry={() => void info.refetch()} />;
  if (!hasPlan) return <Navigate to="/signup-package" replace />;
  const done = percent ?? 0;
  return (
    <>
      <PageHeader title="Account Setup" />
      <Walkthrough slides={SLIDES} />
      <div className="d-flex align-items-center gap-3 mb-3">
        <ProgressRing percent={done} size={72} label="Account setup" />
        <p className="mb-0">
          {done >= 100 ? 'Your account is set up. You are ready to sell and ship.' : 'Finish these steps to get the most out of Consultant Desk.'}
        </p>
      </div>
      {done >= 100 && (
        <Alert variant="success">
          All set! <Link to="/orders?walkthrough#orders">Take the orders tour</Link> or <Link to="/selling?walkthrough#selling">start live selling</Link>.
        </Alert>
      )}
      <ListGroup as="ol" numbered data-testid="onboarding-steps">
        {ONBOARDING_STEPS.map((step) => {
          const s = STEPS[step];
          const isDone = steps[step] === true;
          return (
            // No wrapping: the list's number is a flex item of its own, and a wrapped row put it on a line alone on a phone.
            <ListGroup.Item as="li" key={step} className="d-flex align-items-start gap-2" data-step={step} data-done={isDone}>
              <div className="ms-2 me-auto">
                <div className="fw-semibold">
                  {s.title} {isDone && <span className="badge text-bg-success ms-1">Done</span>}
                </div>
                <div className="small text-body-secondary">{s.text}</div>
                {step === 'ups' && !isDone && <UpsForm />}
              </div>
              {s.to && !isDone && (
                <Link to={s.to} className="btn btn-outline-primary btn-sm text-nowrap" aria-label={`${s.action}: ${s.title}`}>
                  {s.action}
                </Link>
              )}
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </>
  );
}
