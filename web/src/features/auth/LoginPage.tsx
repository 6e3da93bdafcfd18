import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { usePageTitle } from '../../components/PageHeader';
import { SIGN_IN_MESSAGES, SignInError, type SignOutReason, signInWithPassword, useSession } from '../../lib/session';
import { safeNext } from './next';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Enter your password.'),
});
type LoginForm = z.infer<typeof loginSchema>;

const NOTICES: Partial<Record<SignOutReason, string>> = {
  idle: 'You were signed out after 6 hours without activity. Please sign in again.',
  expired: 'Your session has ended. Please sign in again.',
  user: 'You have been signed out.',
};

export function LoginPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  if (session.status === 'signedIn' && !isSubmitting) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(undefined);
    try {
      await signInWithPassword(email, password);
      navigate(next, { replace: true });
    } catch (err) {
      setFailure(err instanceof SignInError ? err.message : SIGN_IN_MESSAGES.generic);
    }
  });

  const notice = params.has('reset') ? MESSAGES.passwordReset : session.status === 'signedOut' && session.reason ? NOTICES[session.reason] : undefined;

  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="login-card shadow-sm w-100">
        <Card.Body className="p-4">
          <div className="text-center mb-4">
            <div className="brand h4 mb-1">Consultant Desk</div>
            <h1 className="h5 text-body-secondary fw-normal mb-0">Sign in to your account</h1>
          </div>
          {notice && !failure && (
            <Alert variant="info" className="small">
              {notice}
            </Alert>
          )}
          {failure && (
            <Alert variant="danger" data-testid="login-error">
              {failure}
            </Alert>
          )}
          <Form noValidate onSubmit={onSubmit}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                autoComplete="username"
                inputMode="email"
                autoFocus
                {...invalidProps('login-email', errors.email)}
                {...register('email')}
              />
              <FieldFeedback fieldId="login-email" problem={errors.email} />
            </Form.Group>
            <Form.Group className="mb-2" controlId="login-password">
              <Form.Label>Password</Form.Label>
              <Form.Control type="password" autoComplete="current-password" {...invalidProps('login-password', errors.password)} {...register('password')} />
              <FieldFeedback fieldId="login-password" problem={errors.password} />
            </Form.Group>
            <p className="text-end small mb-3">
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
            <Button type="submit" className="w-100" disabled={isSubmitting}>
              {isSubmitting ? 'Signing in...' : 'Sign in'}
            </Button>
            <p className="text-center small mt-3 mb-0">
              New to Consultant Desk? <Link to="/register">Create an account</Link>
            </p>
          </Form>
        </Card.Body>
      </Card>
    </main>
  );
}
