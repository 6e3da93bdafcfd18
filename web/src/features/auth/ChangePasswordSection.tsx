import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { AccountError, changePassword } from '../../lib/account';
import { newPassword } from './password';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const schema = z
  .object({ current: z.string().min(1, 'Enter your current password.'), password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match.' });
type ChangeForm = z.infer<typeof schema>;

/** /settings: change password while signed in (Cognito checks the current one). */
export function ChangePasswordSection() {
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeForm>({ resolver: zodResolver(schema), defaultValues: { current: '', password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ current, password }) => {
    setFailure(undefined);
    setDone(false);
    try {
      await changePassword(current, password);
      reset();
      setDone(true);
    } catch (err) {
      setFailure(err instanceof AccountError ? err.message : MESSAGES.generic);
    }
  });

  return (
    <Card className="mb-4" as="section" aria-labelledby="change-password-title">
      <Card.Body>
        <h2 className="h5" id="change-password-title">
          Password
        </h2>
        {failure && <Alert variant="danger">{failure}</Alert>}
        {done && <Alert variant="success">{MESSAGES.passwordChanged}</Alert>}
        <Form noValidate onSubmit={onSubmit} className="settings-password">
          <Form.Group className="mb-3" controlId="password-current">
            <Form.Label>Current password</Form.Label>
            <Form.Control type="password" autoComplete="current-password" {...invalidProps('password-current', errors.current)} {...register('current')} />
            <FieldFeedback fieldId="password-current" problem={errors.current} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="password-new">
            <Form.Label>New password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('password-new', errors.password)} {...register('password')} />
            <FieldFeedback fieldId="password-new" problem={errors.password} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="password-confirm">
            <Form.Label>Confirm new password</Form.Label>
            <Form.Control type="password" autoComplete="new-password" {...invalidProps('password-confirm', errors.confirm)} {...register('confirm')} />
            <FieldFeedback fieldId="password-confirm" problem={errors.confirm} />
          </Form.Group>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Change Password'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
