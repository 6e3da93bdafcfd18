import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import * as z from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { usePageTitle } from '../../components/PageHeader';
import { AccountError, confirmSignUpCode, resendConfirmationCode, signUpWithEmail } from '../../lib/account';
import { SignInError, signInWithPassword, useSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { codeField, emailField, localCodeHint, newPassword } from './password';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const signUpSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.'),
    email: emailField,
    password: newPassword,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match.' });
type SignUpForm = z.infer<typeof signUpSchema>;

const confirmSchema = z.object({ code: codeField });

/** Where a new seller goes once signed in: choose a plan, then billing, then /activate (spec section 2). */
const AFTER_SIGN_UP = '/signup-package';

function failureOf(err: unknown): string {
  return err instanceof AccountError || err instanceof SignInError ? err.message : MESSAGES.generic;
}

/** /register: a new seller's account (Cognito sign-up), confirmed with the code sent to their email. */
export function SignUpPage() {
  usePageTitle('Create your account');
  const session = useSession();
  const navigate = useNavigate();
  const [account, setAccount] = useState<{ email: string; password: string }>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const form = useForm<SignUpForm>({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '', confirm: '' } });
  const code = useForm<{ code: string }>({ resolver: zodResolver(confirmSchema), defaultValues: { code: '' } });

  if (session.status === 'signedIn' && !account) return <Navigate to="/dashboard" replace />;

  const signUp = form.handleSubmit(async ({ name, email, password }) => {
    setFailure(undefined);
    try {
      const { confirmed } = await signUpWithEmail({ name, email, password });
      if (confirmed) {
        await signInWithPassword(email, password);
        return navigate(AFTER_SIGN_UP, { replace: true });
      }
      setAccount({ email: email.trim(), password });
    } catch (err) {
      setFailure(failureOf(err));
    }
  });

  const confirm = code.handleSubmit(async ({ code: value }) => {
    if (!account) return;
    setFailure(undefined);
    try {
      await confirmSignUpCode(account.email, value);
      await signInWithPassword(account.email, account.password);
      navigate(AFTER_SIGN_UP, { replace: true });
    } catch (err) {
      setFailure(failureOf(err));
    }
  });

  const resend = async () => {
    if (!account) return;
    setFailure(undefined);
    try {
      await resendConfirmationCode(account.email);
      setNotice(`A new code is on its way to ${account.email}.`);
    } catch (err) {
      setFailure(failureOf(err));
    }
  };

  const hint = localCodeHint();
  const { errors, isSubmitting } = form.formState;

  return (
    <AuthCard title={account ? 'Confirm your email' : 'Create your account'}>
      {failure && (
        <Alert variant="danger" data-testid="signup-error">
          {failure}
        </Alert>
      )}
      {account ? (
        <>
          <p>
            We sent a 6-digit code to <strong>{account.email}</strong>. Enter it to confirm your email address.
          </p>
          {hint && (
            <Alert variant="info" className="small" data-testid="local-code-hint">
              {hint}
            </Alert>
          )}
          {notice && <Alert variant="success">{notice}</Alert>}
          <Form noValidate onSubmit={confirm}>
            <Form.Group className="mb-3" controlId="signup-code">
              <Form.Label>Confirmation code</Form.Label>
              <Form.Control inputMode="numeric" autoComplete="one-time-code" autoFocus {...invalidProps('signup-code', code.formState.errors.code)} {...code.register('code')} />
              <FieldFeedback fieldId="signup-code" problem={code.formState.errors.code} />
            </Form.Group>
            <Button type="submit" className="w-100 mb-2" disabled={code.formState.isSubmitting}>
              {code.formState.isSubmitting ? 'Confirming...' : 'Confirm and Continue'}
            </Button>
            <Button variant="link" className="w-100" onClick={() => void resend()}>
              Send a new code
            </Button>
          </Form>
        </>
      ) : (
        <Form noValidate onSubmit={signUp}>
          <Form.Group className="mb-3" controlId="signup-name">
            <Form.Label>Your name</Form.Label>
            <Form.Control autoComplete="name" autoFocus {...invalidProps('signup-name', errors.name)} {...form.register('name')} />
            <FieldFeedback fieldId="signup-name" problem={errors.name} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="signup-email">
            <Form.Label>Email</Form.Label>
            <Form.Control type="email" autoComplete="username" inputMode="email" {...invalidProps('signup-email', errors.email)} {...form.register('email')} />
            <FieldFeedback fieldId="signup-email" problem={errors.email} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="signup-password">
            <Form.Label>Password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('signup-password', errors.password, 'signup-password-help')} {...form.register('password')} />
            <Form.Text id="signup-password-help">At least 8 characters, with an upper case letter, a lower case letter and a number.</Form.Text>
            <FieldFeedback fieldId="signup-password" problem={errors.password} />
          </Form.Group>
          <Form.Group className="mb-4" controlId="signup-confirm">
            <Form.Label>Confirm password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('signup-confirm', errors.confirm)} {...form.register('confirm')} />
            <FieldFeedback fieldId="signup-confirm" problem={errors.confirm} />
          </Form.Group>
          <Button type="submit" className="w-100 mb-3" disabled={isSubmitting}>
            {isSubmitting ? 'Creating your account...' : 'Create Account'}
          </Button>
          <p className="text-center small mb-0">
            Already have an account? <Link to="/login">Sign in</Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
