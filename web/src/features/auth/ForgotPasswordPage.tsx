import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { usePageTitle } from '../../components/PageHeader';
import { AccountError, confirmPasswordReset, requestPasswordReset } from '../../lib/account';
import { AuthCard } from './AuthCard';
import { codeField, emailField, localCodeHint, newPassword } from './password';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const emailSchema = z.object({ email: emailField });
const resetSchema = z
  .object({ code: codeField, password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match.' });
type ResetForm = z.infer<typeof resetSchema>;

/** /forgot-password: a code by email, then the code and a new password; back to sign in with a notice. */
export function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const navigate = useNavigate();
  const [email, setEmail] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const ask = useForm<{ email: string }>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const reset = useForm<ResetForm>({ resolver: zodResolver(resetSchema), defaultValues: { code: '', password: '', confirm: '' } });

  const sendCode = ask.handleSubmit(async ({ email: value }) => {
    setFailure(undefined);
    try {
      await requestPasswordReset(value);
      setEmail(value.trim());
    } catch (err) {
      setFailure(err instanceof AccountError ? err.message : MESSAGES.generic);
    }
  });

  const setPassword = reset.handleSubmit(async ({ code, password }) => {
    if (!email) return;
    setFailure(undefined);
    try {
      await confirmPasswordReset(email, code, password);
      navigate('/login?reset=1', { replace: true });
    } catch (err) {
      setFailure(err instanceof AccountError ? err.message : MESSAGES.generic);
    }
  });

  const hint = localCodeHint();
  const errors = reset.formState.errors;
  return (
    <AuthCard title="Reset your password">
      {failure && (
        <Alert variant="danger" data-testid="reset-error">
          {failure}
        </Alert>
      )}
      {!email ? (
        <Form noValidate onSubmit={sendCode}>
          <p>Enter the email address of your account. We will send you a code to set a new password.</p>
          <Form.Group className="mb-3" controlId="reset-email">
            <Form.Label>Email</Form.Label>
            <Form.Control type="email" autoComplete="username" inputMode="email" autoFocus {...invalidProps('reset-email', ask.formState.errors.email)} {...ask.register('email')} />
            <FieldFeedback fieldId="reset-email" problem={ask.formState.errors.email} />
          </Form.Group>
          <Button type="submit" className="w-100 mb-3" disabled={ask.formState.isSubmitting}>
            {ask.formState.isSubmitting ? 'Sending...' : 'Send Code'}
          </Button>
          <p className="text-center small mb-0">
            <Link to="/login">Back to sign in</Link>
          </p>
        </Form>
      ) : (
        <Form noValidate onSubmit={setPassword}>
          <p>
            If an account exists for <strong>{email}</strong>, a 6-digit code is on its way. Enter it with your new password.
          </p>
          {hint && (
            <Alert variant="info" className="small" data-testid="local-code-hint">
              {hint}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="reset-code">
            <Form.Label>Code</Form.Label>
            <Form.Control inputMode="numeric" autoComplete="one-time-code" autoFocus {...invalidProps('reset-code', errors.code)} {...reset.register('code')} />
            <FieldFeedback fieldId="reset-code" problem={errors.code} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="reset-password">
            <Form.Label>New password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('reset-password', errors.password)} {...reset.register('password')} />
            <FieldFeedback fieldId="reset-password" problem={errors.password} />
          </Form.Group>
          <Form.Group className="mb-4" controlId="reset-confirm">
            <Form.Label>Confirm new password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('reset-confirm', errors.confirm)} {...reset.register('confirm')} />
            <FieldFeedback fieldId="reset-confirm" problem={errors.confirm} />
          </Form.Group>
          <Button type="submit" className="w-100" disabled={reset.formState.isSubmitting}>
            {reset.formState.isSubmitting ? 'Saving...' : 'Set New Password'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
