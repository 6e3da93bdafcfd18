import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { BillingField, type BillingFormApi } from './BillingField';
import { finishLink, LINK_FAILED, PLAID_SANDBOX_USER, plaidLinkToken, sandboxLink } from './plaid-link';

const ACCOUNT_TYPES = { checking: 'Checking', savings: 'Savings' };
const HOLDER_TYPES = { individual: 'Individual', company: 'Company' };

/** A select's options, starting empty so that the bank fields rule asks for a choice. */
function choose(labels: Record<string, string>) {
  return (
    <>
      <option value="">Choose…</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** A typed-in bank account (spec section 3's routingNumber, accountType, holderType); tokenized on save. */
export function BankFields({ form, idPrefix }: { form: BillingFormApi; idPrefix: string }) {
  const field = { form, idPrefix };
  return (
    <>
      <BillingField {...field} name="name" label="Account holder name" autoComplete="name" />
      <BillingField {...field} name="routingNumber" label="Routing number" inputMode="numeric" />
      <BillingField {...field} name="accountNumber" label="Account number" inputMode="numeric" />
      <Row>
        <Col xs={6}>
          <BillingField {...field} name="accountType" label="Account type" options={choose(ACCOUNT_TYPES)} />
        </Col>
        <Col xs={6}>
          <BillingField {...field} name="holderType" label="Account holder type" options={choose(HOLDER_TYPES)} />
        </Col>
      </Row>
      <BillingField {...field} name="zip" label="ZIP" autoComplete="postal-code" />
    </>
  );
}

/**
 * With Stripe a bank is linked through Plaid, never typed in: Link (here the local sandbox's stand-in) gives a
 * public token that SetPlaidDetails turns into the saved bank. The form then keeps that saved bank.
 */
export function LinkBank({ form, idPrefix }: { form: BillingFormApi; idPrefix: string }) {
  const queryClient = useQueryClient();
  const [linkToken, setLinkToken] = useState<string>();
  const [login, setLogin] = useState({ username: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const linked = form.watch('bankLast4');
  const error = form.formState.errors.bankLast4?.message;

  const run = async (step: () => Promise<void>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      await step();
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : LINK_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const open = () => run(async () => setLinkToken(await plaidLinkToken()));

  const submitLogin = () =>
    run(async () => {
      const result = sandboxLink(login, linkToken?.replace(/^link-sandbox-/, '') ?? crypto.randomUUID());
      setLinkToken(undefined);
      const bank = await finishLink(result);
      form.setValue('bankName', bank.bankName);
      form.setValue('bankLast4', bank.bankLast4, { shouldValidate: true });
      await queryClient.invalidateQueries({ queryKey: ['billing'] });
    });

  return (
    <div className="mb-3">
      <BillingField form={form} idPrefix={idPrefix} name="name" label="Account holder name" autoComplete="name" />
      {linked ? (
        <p data-testid="linked-bank">
          Linked: {form.watch('bankName') || 'Bank account'} ending {linked}
        </p>
      ) : null}
      <Button variant="outline-primary" onClick={open} disabled={busy} id={`${idPrefix}-link-bank`}>
        {busy && <Spinner size="sm" className="me-2" aria-hidden />}
        {linked ? 'Link another bank account' : 'Link bank account'}
      </Button>
      {error && <div className="invalid-feedback d-block">{error}</div>}
      {failure && (
        <Alert variant="danger" className="mt-2">
          {failure}
        </Alert>
      )}

      <Modal show={!!linkToken} onHide={() => setLinkToken(undefined)}>
        <Modal.Header closeButton>
          <Modal.Title>Link your bank (Plaid sandbox)</Modal.Title>
        </Modal.Header>
        <Form
          onSubmit={(e) => {
            // The dialog is a portal inside the billing form: its submit must not reach that form.
            e.preventDefault();
            e.stopPropagation();
            void submitLogin();
          }}
        >
          <Modal.Body>
            <p className="small text-body-secondary">
              Sandbox login: {PLAID_SANDBOX_USER.username} / {PLAID_SANDBOX_USER.password}
            </p>
            <Form.Group className="mb-3" controlId={`${idPrefix}-plaid-username`}>
              <Form.Label>Username</Form.Label>
              <Form.Control value={login.username} onChange={(e) => setLogin({ ...login, username: e.target.value })} autoComplete="off" />
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${idPrefix}-plaid-password`}>
              <Form.Label>Password</Form.Label>
              <Form.Control type="password" value={login.password} onChange={(e) => setLogin({ ...login, password: e.target.value })} autoComplete="off" />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setLinkToken(undefined)}>
              Cancel
            </Button>
            <Button type="submit">Link account</Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}
