import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router';
import { PLAN_LABELS } from '../../../../shared/domain/plans';
import { AUTO_RECHARGE_OPTIONS, billingFormSchema, DEFAULT_AUTO_RECHARGE, packageFromUrl } from '../../../../shared/schemas/billing';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../components/ErrorAlert';
import { payWithCard } from './pay';

const POSTAGE_OFF = 'Postage is off because your auto-recharge amount is $0. You will not be able to buy labels.';

/** /payment: the billing form (card) for the plan in the address; only the processor's token is sent. */
export function PaymentPage() {
  const [params] = useSearchParams();
  const plan = packageFromUrl(params.get('package')) ?? 'growth';
  const annual = params.get('annual') === 'true';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: '', accountNumber: '', expiration: '', cvv: '', zip: '', autoRechargeAmount: DEFAULT_AUTO_RECHARGE });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: field === 'autoRechargeAmount' ? Number(e.target.value) : e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const checked = billingFormSchema({ context: 'payment', achDisabled: false, requiresLinkedBank: false }).safeParse({ ...form, method: 'credit' });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await payWithCard({ number: form.accountNumber, expiration: form.expiration, zip: form.zip, plan, annual, autoRechargeAmount: form.autoRechargeAmount });
      await queryClient.invalidateQueries();
      navigate(params.get('returnUrl') ?? '/dashboard');
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof form, label: string, props: Record<string, string> = {}) => (
    <Form.Group className="mb-3" controlId={`billing-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={form[name]} onChange={set(name)} isInvalid={!!errors[name]} {...props} />
      <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <>
      <PageHeader title="Payment" />
      <p>
        {PLAN_LABELS[plan]} plan, billed {annual ? 'annually' : 'monthly'}.
      </p>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Form noValidate onSubmit={submit} style={{ maxWidth: '32rem' }}>
        {field('name', 'Name on card', { autoComplete: 'cc-name' })}
        {field('accountNumber', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number' })}
        {field('expiration', 'Expiration (MM/YY)', { placeholder: 'MM/YY', autoComplete: 'cc-exp' })}
        {field('cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc' })}
        {field('zip', 'ZIP', { autoComplete: 'postal-code' })}
        <Form.Group className="mb-3" controlId="billing-autoRechargeAmount">
          <Form.Label>Postage auto-recharge</Form.Label>
          <Form.Select value={form.autoRechargeAmount} onChange={set('autoRechargeAmount')} isInvalid={!!errors.autoRechargeAmount}>
            <option value={0}>Off ($0)</option>
            {AUTO_RECHARGE_OPTIONS.map((v) => (
              <option key={v} value={v}>
                ${v}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {form.autoRechargeAmount === 0 && <Alert variant="warning">{POSTAGE_OFF}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy && <Spinner size="sm" className="me-2" aria-hidden />}
          Pay and Start {PLAN_LABELS[plan]}
        </Button>
      </Form>
    </>
  );
}
