import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { US_STATES } from '../../../../shared/domain/geo';
import type { Plan } from '../../../../shared/domain/plans';
import type { z } from 'zod';
import { type BillingContext, type BillingForm as BillingValues, type billingFormFields, billingFormSchema } from '../../../../shared/schemas/billing';
import { ErrorAlert, errorMessage } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { type BillingInfo, describeMethod, useBillingInfo } from './api';
import { BankFields, LinkBank } from './BankFields';
import { BillingField } from './BillingField';
import { type BillingLayout, initialRecharge, LAYOUT_CONTEXT, methodChoices, pendingChangeNotice, rechargeOptions } from './billing-choices';
import { saveBilling } from './pay';
import { CardNotTokenized, STRIPE_NOT_LOADED, type StripeCard, StripeCardField } from './stripe-card';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

/** Spec section 8: the warning shown while the chosen recharge is 0. */
export const POSTAGE_OFF = 'Postage is off because your auto-recharge amount is $0. You will not be able to buy labels.';

export interface BillingFormProps {
  layout: BillingLayout;
  /** The plan and period the save starts or keeps. */
  plan: Plan;
  annual: boolean;
  /** Where the form is shown, for the recharge rule (signup, activate and shipping do not require it). */
  context?: BillingContext;
  submitLabel: string;
  /** "Pay and Start": the plan is paid for now (POST /payment's createPaymentRequest). */
  createPaymentRequest?: boolean;
  onSaved: (answer: Awaited<ReturnType<typeof saveBilling>>) => void;
}

/** The billing form of spec section 2 in its three layouts; the rules are the shared schema's (section 5). */
export function BillingForm(props: BillingFormProps) {
  const info = useBillingInfo();
  if (info.isPending) return <Loading />;
  if (info.isError) return <ErrorAlert error={info.error} onRetry={() => info.refetch()} />;
  return <CardForm {...props} info={info.data} />;
}

function CardForm({ layout, plan, annual, context, submitLabel, createPaymentRequest, onSaved, info }: BillingFormProps & { info: BillingInfo }) {
  const queryClient = useQueryClient();
  // With Stripe the card is typed into Stripe's element and tokenized by Stripe.js (docs/decisions.md, issue 6).
  const stripe = info.paymentProcessor === 'stripe';
  const stripeCard = useRef<StripeCard>(null);
  const form = useForm<BillingValues, unknown, z.output<typeof billingFormFields>>({
    resolver: zodResolver(
      billingFormSchema({
        context: context ?? LAYOUT_CONTEXT[layout],
        achDisabled: info.achDisabled,
        requiresLinkedBank: info.requiresLinkedBank,
        processorCardEntry: stripe,
      }),
    ),
    defaultValues: {
      // The saved method is preselected in every layout; a new card or bank is the seller's choice.
      method: info.method ? 'existing' : 'credit',
      name: '',
      firstName: '',
      lastName: '',
      address1: '',
      city: '',
      state: '',
      accountNumber: '',
      expiration: '',
      cvv: '',
      zip: '',
      routingNumber: '',
      accountType: '',
      holderType: '',
      bankName: '',
      bankLast4: '',
      autoRechargeAmount: initialRecharge(layout, info.autoRechargeAmount ?? undefined),
    },
  });
  const { register, handleSubmit, formState, setError, watch, reset } = form;
  const [confirm, setConfirm] = useState<{ notice: string; values: BillingValues; cancellation: boolean }>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async (values: BillingValues, keepCancellation = false) => {
    setConfirm(undefined);
    setFailure(undefined);
    setBusy(true);
    const newCard = values.method === 'credit';
    try {
      const answer = await saveBilling({
        plan,
        annual,
        keepCancellation,
        createPaymentRequest: createPaymentRequest ?? false,
        paymentProcessor: info.paymentProcessor,
        autoRechargeAmount: values.autoRechargeAmount,
        processorCard: newCard && stripe ? { createToken: () => stripeCardToken(stripeCard.current, values), zip: values.zip ?? '' } : undefined,
        card: newCard && !stripe ? { number: values.accountNumber ?? '', expiration: values.expiration ?? '', zip: values.zip ?? '' } : undefined,
        // A linked bank (Plaid) is already the saved method; a typed one is tokenized like a card.
        bank:
          values.method === 'bank' && !info.requiresLinkedBank
            ? { routingNumber: values.routingNumber ?? '', accountNumber: values.accountNumber ?? '', zip: values.zip ?? '' }
            : undefined,
      });
      await queryClient.invalidateQueries();
      // The card's fields are not kept on screen once saved; the recharge choice is.
      reset({ ...form.formState.defaultValues, method: 'existing', autoRechargeAmount: values.autoRechargeAmount });
      onSaved(answer);
    } catch (err) {
      // Stripe.js's own message is already under the card field.
      if (err instanceof CardNotTokenized) return;
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  // Spec section 4, billing save: validate, then the plan-change check, then the token and the payment call.
  const submit = handleSubmit((values) => {
    const notice = pendingChangeNotice(info, plan);
    if (notice) return setConfirm({ notice, values, cancellation: info.cancellationPending });
    return save(values);
  });

  const idPrefix = `billing-${layout}`;
  const cardFields = (
    <>
      <Row>
        <Col sm={6}>
          <BillingField form={form} idPrefix={idPrefix} name="firstName" label="First name" autoComplete="given-name" />
        </Col>
        <Col sm={6}>
          <BillingField form={form} idPrefix={idPrefix} name="lastName" label="Last name" autoComplete="family-name" />
        </Col>
      </Row>
      <BillingField form={form} idPrefix={idPrefix} name="name" label="Name on card" autoComplete="cc-name" />
      {stripe ? (
        <StripeCardField cardRef={stripeCard} />
      ) : (
        <>
          <BillingField form={form} idPrefix={idPrefix} name="accountNumber" label="Card number" inputMode="numeric" autoComplete="cc-number" />
          <Row>
            <Col xs={6}>
              <BillingField form={form} idPrefix={idPrefix} name="expiration" label="Expiration (MM/YY)" placeholder="MM/YY" autoComplete="cc-exp" />
            </Col>
            <Col xs={6}>
              <BillingField form={form} idPrefix={idPrefix} name="cvv" label="CVV" inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
            </Col>
          </Row>
        </>
      )}
      <BillingField form={form} idPrefix={idPrefix} name="address1" label="Billing address" autoComplete="address-line1" />
      <Row>
        <Col sm={5}>
          <BillingField form={form} idPrefix={idPrefix} name="city" label="City" autoComplete="address-level2" />
        </Col>
        <Col xs={6} sm={4}>
          <BillingField form={form} idPrefix={idPrefix} name="state" label="State" autoComplete="address-level1" options={STATE_OPTIONS} />
        </Col>
        <Col xs={6} sm={3}>
          <BillingField form={form} idPrefix={idPrefix} name="zip" label="ZIP" inputMode="numeric" autoComplete="postal-code" maxLength={10} />
        </Col>
      </Row>
    </>
  );

  // The payment model's existingCard, a new card or a bank account (none for ACH-disabled accounts).
  const choices = methodChoices({ saved: info.method ? describeMethod(info.method) : undefined, achDisabled: info.achDisabled });
  const method = watch('method');
  const card = (
    <>
      <Form.Group className="mb-3" data-testid="payment-method">
        {choices.length > 1 &&
          choices.map((c) => (
            <Form.Check
              key={c.value}
              type="radio"
              id={`${idPrefix}-${c.value}`}
              value={c.value}
              label={c.label}
              {...invalidProps(`${idPrefix}-method`, formState.errors.method)}
              {...register('method')}
            />
          ))}
        {/* Also the server's answer, e.g. 'Only credit cards can be used on this account.' */}
        <FieldFeedback fieldId={`${idPrefix}-method`} problem={formState.errors.method} />
      </Form.Group>
      {method === 'credit' && cardFields}
      {method === 'bank' && (info.requiresLinkedBank ? <LinkBank form={form} idPrefix={idPrefix} /> : <BankFields form={form} idPrefix={idPrefix} />)}
    </>
  );

  const recharge = (
    <>
      <RechargeSelect
        layout={layout}
        registered={register('autoRechargeAmount', { valueAsNumber: true })}
        error={formState.errors.autoRechargeAmount?.message}
      />
      {watch('autoRechargeAmount') === 0 && <Alert variant="warning">{POSTAGE_OFF}</Alert>}
    </>
  );

  return (
    <>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Form noValidate onSubmit={submit} data-testid={`billing-form-${layout}`} style={layout === 'design' ? { maxWidth: '32rem' } : undefined}>
        {layout === 'design' && (
          <>
            {card}
            {recharge}
          </>
        )}
        {layout === 'settings' && (
          <Row>
            <Col lg={6}>
              <Section title="Payment method">{card}</Section>
            </Col>
            <Col lg={6}>
              <Section title="Current billing">
                {info.method ? <p data-testid="saved-method">Saved payment method: {describeMethod(info.method)}</p> : <p>No payment method saved yet.</p>}
              </Section>
              <Section title="Postage">{recharge}</Section>
            </Col>
          </Row>
        )}
        {layout === 'shipping' && (
          <>
            <p className="small text-body-secondary">Labels are paid from your postage balance, topped up by this amount when it runs low.</p>
            {recharge}
            {card}
          </>
        )}
        <Button type="submit" disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden />}
          {submitLabel}
        </Button>
      </Form>

      <Modal show={!!confirm} onHide={() => setConfirm(undefined)}>
        <Modal.Header closeButton>
          <Modal.Title>Save billing?</Modal.Title>
        </Modal.Header>
        <Modal.Body>{confirm?.notice}</Modal.Body>
        <ModalActions
          onCancel={() => setConfirm(undefined)}
          busy={busy}
          onAction={() => confirm && save(confirm.values)}
          extra={
            // keepCancellation: the card is saved and the plan still ends as planned.
            confirm?.cancellation && (
              <Button variant="outline-secondary" onClick={() => save(confirm.values, true)} disabled={busy}>
                Keep Cancellation
              </Button>
            )
          }
        >
          Continue
        </ModalActions>
      </Modal>
    </>
  );
}

function stripeCardToken(card: StripeCard | null, values: BillingValues): Promise<string> {
  if (!card) throw new Error(STRIPE_NOT_LOADED);
  return card.createToken({ name: values.name ?? '', zip: values.zip ?? '', address1: values.address1, city: values.city, state: values.state });
}

const STATE_OPTIONS = (
  <>
    <option value="">Choose…</option>
    {US_STATES.map((s) => (
      <option key={s.code} value={s.code}>
        {s.name}
      </option>
    ))}
  </>
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function RechargeSelect({ layout, registered, error }: { layout: BillingLayout; registered: UseFormRegisterReturn; error?: string }) {
  return (
    <Form.Group className="mb-3" controlId={`billing-${layout}-autoRechargeAmount`}>
      <Form.Label>Postage auto-recharge</Form.Label>
      <Form.Select {...registered} {...invalidProps(`billing-${layout}-autoRechargeAmount`, error)}>
        <option value={0}>Off ($0)</option>
        {rechargeOptions(layout).map((v) => (
          <option key={v} value={v}>
            ${v}
          </option>
        ))}
      </Form.Select>
      <FieldFeedback fieldId={`billing-${layout}-autoRechargeAmount`} problem={error} />
    </Form.Group>
  );
}
