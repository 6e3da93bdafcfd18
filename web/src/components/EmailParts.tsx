import type { ReactNode } from 'react';
import { Alert } from './Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { type Block, emailBlocks, type Inline } from '../../../shared/domain/email-body';
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
 * sends with), and the fields that are not merge fields named, since they go out as typed. It fills the height of
 * its column when it is the column's only content (`fill`); below other fields it must not, or it runs past the
 * column over what follows (on a phone, the next column's controls).
 */
export function EmailPreview({
  title,
  subject,
  message,
  values,
  testId,
  fill = true,
}: {
  title: string;
  subject: string;
  message: string;
  values: MergeValues;
  testId: string;
  fill?: boolean;
}) {
  const preview = renderTemplate({ subject, message }, values);
  const unknown = unknownFields(`${subject}\n${message}`);
  return (
    <Card className={fill ? 'h-100' : undefined} data-testid={testId}>
      <Card.Header className="small text-body-secondary">{title}</Card.Header>
      <Card.Body>
        <div className="fw-semibold mb-2 text-break">{preview.subject || <span className="text-body-secondary">Subject</span>}</div>
        <MessageBody message={preview.message} />
        {unknown.length > 0 && (
          <Alert variant="warning" className="mt-3 mb-0 small">
            Not a merge field, sent as typed: {unknown.map((f) => `{{${f}}}`).join(', ')}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

const inline = (part: Inline, key: number) =>
  'link' in part ? (
    <a key={key} href={part.link} target="_blank" rel="noreferrer">
      {part.link}
    </a>
  ) : (
    <span key={key}>{part.text}</span>
  );

/** One paragraph's lines, or the seller's image. */
function BlockView({ block }: { block: Block }) {
  if ('image' in block) return <img src={block.image} alt="" className="d-block mb-3" style={{ maxWidth: '100%', height: 'auto' }} />;
  return (
    <p>
      {block.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's lines have no identity but their place
        <span key={i}>
          {i > 0 && <br />}
          {line.map(inline)}
        </span>
      ))}
    </p>
  );
}

/**
 * The message read as the HTML part of the sent email reads it (shared/domain/email-body.ts): paragraphs, links, and
 * an uploaded image (served from this app's origin, as in the email) shown as the image.
 */
function MessageBody({ message }: { message: string }) {
  const blocks = emailBlocks(message, window.location.origin);
  return (
    <div style={{ overflowWrap: 'anywhere' }} data-testid="email-body">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are the message's paragraphs in order
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
