import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/api/messages';
import { MAX_TEMPLATE_NAME, renderTemplate, unknownFields } from '../../../shared/domain/email-templates';
import { mergeValuesOf } from '../../../shared/domain/merge-values';
import { can } from '../../../shared/domain/plans';
import { type SendEmailAnswer, sendEmailBody } from '../../../shared/schemas/send-email';
import { api } from '../lib/api';
import { setServerErrors } from '../lib/form';
import { useSendEmail, useSenderInfo, useTemplates } from '../lib/marketing';
import { errorMessage } from './ErrorAlert';
import { ModalActions } from './ModalActions';

type Input = z.input<typeof sendEmailBody>;
type Output = z.output<typeof sendEmailBody>;

/** The order the email is about: its number and tracking fill the merge fields. */
export interface EmailOrder {
  orderId: string;
  orderNumber: string;
  carrier?: string | null;
  trackingNumber?: string | null;
}

/**
 * The send email modal (spec sections 2, 4, 5; issue 15), from an order's or a customer's details: subject and
 * message (or a saved template), a preview filled with this customer's and order's real values by the same
 * renderTemplate the sent email uses, and "Save as template" where the plan allows it. Idle, SENDING..., then
 * `onSent` (the caller closes it); an error stays in the modal.
 */
export function SendEmailModal({ customerId, order, onHide, onSent }: { customerId: string; order?: EmailOrder; onHide: () => void; onSent: (answer: SendEmailAnswer) => void }) {
  const templates = useTemplates();
  const sender = useSenderInfo();
  const customer = useQuery({
    queryKey: ['customers', 'send-email', customerId],
    queryFn: ({ signal }) => api('customers.get', { query: { id: customerId }, signal }),
  });
  const send = useSendEmail();
  const [failure, setFailure] = useState<string>();
  const [templateChoice, setTemplateChoice] = useState('');
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<Input, unknown, Output>({
    resolver: zodResolver(sendEmailBody),
    defaultValues: { customerID: customerId, ...(order ? { orderID: order.orderId } : {}), subject: '', message: '', saveTemplate: false, templateName: '' },
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const subject = watch('subject') ?? '';
  const message = watch('message') ?? '';
  const saving = watch('saveTemplate');
  const maySave = sender.pkg ? can(sender.pkg, 'saveTemplates') : false;
  const preview = renderTemplate({ subject, message }, mergeValuesOf({ firstName: customer.data?.firstName, order, seller: sender.names }));
  const unknown = unknownFields(`${subject}\n${message}`);
  const c = customer.data;
  const refusal = c && !c.email ? MESSAGES.customerNoEmail : c?.emailStatus && c.emailStatus !== 'ok' ? MESSAGES.customerNoMarketing : undefined;

  const choose = (name: string) => {
    setTemplateChoice(name);
    const t = templates.data?.templates.find((row) => row.name === name);
    if (!t) return;
    setValue('subject', t.subject, { shouldValidate: true, shouldDirty: true });
    setValue('message', t.message, { shouldValidate: true, shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const answer = await send.mutateAsync({ ...values, saveTemplate: maySave && values.saveTemplate, templateName: maySave && values.saveTemplate ? values.templateName : undefined });
      onSent(answer);
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });

  return (
    <Modal show onHide={onHide} size="xl" aria-labelledby="send-email-title">
      <Form noValidate onSubmit={submit} data-testid="send-email-form">
        <Modal.Header closeButton>
          <Modal.Title id="send-email-title">Send Email{c ? ` to ${[c.firstName, c.lastName].filter(Boolean).join(' ')}` : ''}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" data-testid="send-email-error">
              {failure}
            </Alert>
          )}
          {refusal && (
            <Alert variant="warning" data-testid="send-email-refusal">
              {refusal}
            </Alert>
          )}
          <Row xs={1} lg={2} className="g-3">
            <Col>
              <Form.Group className="mb-3" controlId="send-email-template">
                <Form.Label>Template</Form.Label>
                <Form.Select value={templateChoice} onChange={(e) => choose(e.target.value)} disabled={!templates.data}>
                  <option value="">Write your own</option>
                  {templates.data?.templates.map((t) => (
                    <option key={t.name} value={t.name}>
                      {t.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId="send-email-subject">
                <Form.Label>
                  Subject<span className="text-danger"> *</span>
                </Form.Label>
                <Form.Control isInvalid={!!errors.subject} {...register('subject')} />
                <Form.Control.Feedback type="invalid">{errors.subject?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="send-email-message">
                <Form.Label>
                  Message<span className="text-danger"> *</span>
                </Form.Label>
                <Form.Control as="textarea" rows={8} isInvalid={!!errors.message} {...register('message')} />
                <Form.Control.Feedback type="invalid">{errors.message?.message}</Form.Control.Feedback>
              </Form.Group>
              {maySave ? (
                <>
                  <Form.Check id="send-email-save" className="mb-2" label="Save as template" {...register('saveTemplate')} />
                  {saving && (
                    <Form.Group className="mb-3" controlId="send-email-template-name">
                      <Form.Label>
                        Template name<span className="text-danger"> *</span>
                      </Form.Label>
                      <Form.Control maxLength={MAX_TEMPLATE_NAME} isInvalid={!!errors.templateName} {...register('templateName')} />
                      <Form.Control.Feedback type="invalid">{errors.templateName?.message}</Form.Control.Feedback>
                    </Form.Group>
                  )}
                </>
              ) : (
                sender.pkg && (
                  <p className="small text-body-secondary" data-testid="send-email-save-locked">
                    Your plan does not include saving templates.
                  </p>
                )
              )}
            </Col>
            <Col>
              <Card className="h-100" data-testid="send-email-preview">
                <Card.Header className="small text-body-secondary">Preview{c?.email ? ` (to ${c.email})` : ''}</Card.Header>
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
            </Col>
          </Row>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={send.isPending} disabled={!!refusal}>
          {send.isPending ? 'SENDING...' : 'Send Email'}
        </ModalActions>
      </Form>
    </Modal>
  );
}
