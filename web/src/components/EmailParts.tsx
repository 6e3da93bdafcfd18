import type { ReactNode } from 'react';
import { Alert } from './Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { renderTemplate, unknownFields } from '../../../shared/domain/email-templates';
import type { MergeValues } from '../../../shared/domain/email-templates';
import { FieldFeedback, type InvalidProps, invalidProps } from './FieldFeedback';

/** The parts every email form shares (send email, campaign, template editor): one look, one set of words. */

/** "Template": write your own, or start from a saved template. */
export function TemplatePicker({
  id,
  value,
  onChange,
  names,
}: {
  id: string;
  value: string;
  onChange: (name: string) => void;
  names: readonly string[] | undefined;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Template</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} disabled={!names}>
        <option value="">Write your own</option>
        {names?.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** A required field of an email form, with its error under it; `children` gets the input's validation props. */
export function RequiredField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  children: (invalid: InvalidProps) => ReactNode;
}) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        <span className="text-danger"> *</span>
      </Form.Label>
      {children(invalidProps(id, error))}
      <FieldFeedback fieldId={id} problem={error} />
    </Form.Group>
  );
}

/** The subject input, registered with the form. */
export function SubjectField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <RequiredField id={id} label="Subject" error={error}>
      {(invalid) => <Form.Control {...invalid} {...field} />}
    </RequiredField>
  );
}

/**
 * The email as its reader will see it: merge fields filled by `values` (renderTemplate, the same function the server
 * sends with), and the fields that are not merge fields named, since they go out as typed.
 */
export function EmailPreview({
  title,
  subject,
  message,
  values,
  testId,
}: {
  title: string;
  subject: string;
  message: string;
  values: MergeValues;
  testId: string;
}) {
  const preview = renderTemplate({ subject, message }, values);
  const unknown = unknownFields(`${subject}\n${message}`);
  return (
    <Card className="h-100" data-testid={testId}>
      <Card.Header className="small text-body-secondary">{title}</Card.Header>
      <Card.Body>
        <div className="fw-semibold mb-2 text-break">{preview.subject || <span className="text-body-secondary">Subject</span>}</div>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.message}</div>
        {unknown.length > 0 && (
          <Alert variant="warning" className="mt-3 mb-0 small">
            Not a merge field, sent as typed: {unknown.map((f) => `{{${f}}}`).join(', ')}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
