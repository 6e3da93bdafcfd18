import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from './Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/api/messages';
import { MAX_TEMPLATE_NAME } from '../../../shared/domain/email-templates';
import { EmailPreview, RequiredField, SubjectField, TemplatePicker } from './EmailParts';
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
    // Checked on Send, then as the seller types: a message appearing on blur moved the controls below it between a
    // press and its release, so the first click on "Save as template" missed.
    mode: 'onSubmit',
  });
  const errors = formState.errors;
  const subject = watch('subject') ?? '';
  const message = watch('message') ?? '';
  const saving = watch('saveTemplate');
  const maySave = sender.pkg ? can(sender.pkg, 'saveTemplates') : false;
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
              <TemplatePicker id="send-email-template" value={templateChoice} onChange={choose} names={templates.data?.templates.map((t) => t.name)} />
              <SubjectField id="send-email-subject" field={register('subject')} error={errors.subject} />
              <RequiredField id="send-email-message" label="Message" error={errors.message}>
                {(invalid) => <Form.Control as="textarea" rows={8} {...invalid} {...register('message')} />}
              </RequiredField>
              {maySave ? (
                <>
                  <Form.Check id="send-email-save" className="mb-2" label="Save as template" {...register('saveTemplate')} />
                  {saving && (
                    <RequiredField id="send-email-template-name" label="Template name" error={errors.templateName}>
                      {(invalid) => <Form.Control maxLength={MAX_TEMPLATE_NAME} {...invalid} {...register('templateName')} />}
                    </RequiredField>
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
              <EmailPreview
                testId="send-email-preview"
                title={`Preview${c?.email ? ` (to ${c.email})` : ''}`}
                subject={subject}
                message={message}
                values={mergeValuesOf({ firstName: customer.data?.firstName, order, seller: sender.names })}
              />
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
