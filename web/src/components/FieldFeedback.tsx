import Form from 'react-bootstrap/Form';

/** A field's problem as the forms hold it: react-hook-form's error, a message, or nothing. */
export type FieldProblem = { message?: string } | string | null | undefined | false;

const messageOf = (problem: FieldProblem) => (typeof problem === 'string' ? problem : problem ? problem.message : undefined);
const feedbackId = (fieldId: string) => `${fieldId}-error`;

/**
 * What an input that can show a validation message carries. React-Bootstrap's isInvalid only paints the field
 * red; aria-invalid and aria-describedby make a screen reader say the field is wrong and read why. `hint` is the
 * id of a text the input is described by anyway (a character count, a password rule), kept beside the message.
 */
export function invalidProps(fieldId: string, problem: FieldProblem, hint?: string) {
  const invalid = Boolean(problem);
  const describedBy = [hint, invalid && messageOf(problem) ? feedbackId(fieldId) : undefined].filter(Boolean).join(' ');
  return { isInvalid: invalid, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
}

/** The props `invalidProps` gives, for a wrapper that hands them to the input it is given. */
export type InvalidProps = ReturnType<typeof invalidProps>;

/**
 * The message under an invalid field, with the id `invalidProps` points the input at. Shown whenever there is a
 * message, not only as the input's next sibling, so it may sit after an input group, a button or a hint.
 */
export function FieldFeedback({ fieldId, problem }: { fieldId: string; problem: FieldProblem }) {
  const message = messageOf(problem);
  if (!message) return null;
  return (
    <Form.Control.Feedback type="invalid" id={feedbackId(fieldId)} className="d-block">
      {message}
    </Form.Control.Feedback>
  );
}
