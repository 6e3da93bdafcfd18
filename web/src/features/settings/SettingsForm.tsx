import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../components/ErrorAlert';
import { setServerErrors } from '../../lib/form';
import { type SettingsInput, useSaveSettings } from './api';
import { FieldFeedback, type InvalidProps, invalidProps } from '../../components/FieldFeedback';

/**
 * One section of /settings as a form: the shared schema's part for that section checks it in the browser, the
 * server checks it again, and its field errors land on the fields. Says "Settings saved." when done.
 */
export function SettingsForm<S extends z.ZodType<FieldValues, FieldValues>>({
  title,
  schema,
  defaults,
  toBody,
  children,
  testId,
}: {
  title: string;
  schema: S;
  defaults: DefaultValues<z.input<S>>;
  toBody: (values: z.output<S>) => SettingsInput;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
  testId: string;
}) {
  const save = useSaveSettings();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const submit = form.handleSubmit(async (values) => {
    setResult(undefined);
    try {
      await save.mutateAsync(toBody(values));
      setResult({ ok: true, text: 'Settings saved.' });
    } catch (err) {
      if (!setServerErrors(err, form.setError)) setResult({ ok: false, text: errorMessage(err) });
    }
  });
  return (
    <Card className="mb-3" data-testid={testId}>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {title}
        </Card.Title>
        <Form noValidate onSubmit={submit}>
          {children(form)}
          {result?.text && (
            <Alert variant={result.ok ? 'success' : 'danger'} className="py-2" role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </Alert>
          )}
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

/** A labelled input of a settings form, with its hint and error under it; `children` gets the input's validation props. */
export function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  children: (invalid: InvalidProps) => ReactNode;
  hint?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children(invalidProps(id, error, hintId))}
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <FieldFeedback fieldId={id} problem={error} />
    </Form.Group>
  );
}
