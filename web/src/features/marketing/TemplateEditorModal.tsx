import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MERGE_FIELD_NAMES, MERGE_FIELDS, SAMPLE_VALUES } from '../../../../shared/domain/email-templates';
import { EmailPreview, RequiredField, SubjectField } from '../../components/EmailParts';
import { EMAIL_IMAGE_TYPES, MAX_EMAIL_IMAGE_LABEL } from '../../../../shared/domain/email-images';
import { saveTemplateBody } from '../../../../shared/schemas/marketing';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { type EmailTemplateRow, useSaveTemplate, useUploadImage } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

type Input = z.input<typeof saveTemplateBody>;
type Output = z.output<typeof saveTemplateBody>;

const ACCEPT = Object.values(EMAIL_IMAGE_TYPES).join(',');

/**
 * New and Edit Template (issue 15): name, subject and message with merge fields, an image upload that puts the
 * image's address into the message, and a preview rendered by the same renderTemplate the sent email uses.
 */
export function TemplateEditorModal({ template, onHide, onSaved }: { template?: EmailTemplateRow; onHide: () => void; onSaved: (name: string) => void }) {
  const save = useSaveTemplate();
  const upload = useUploadImage();
  const [failure, setFailure] = useState<string>();
  const [imageNotice, setImageNotice] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { register, handleSubmit, formState, setError, setValue, getValues, watch } = useForm<Input, unknown, Output>({
    resolver: zodResolver(saveTemplateBody),
    defaultValues: { name: template?.name ?? '', subject: template?.subject ?? '', message: template?.message ?? '' },
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const subject = watch('subject') ?? '';
  const message = watch('message') ?? '';
  const messageField = register('message');
  const messageRef = useRef<HTMLTextAreaElement | null>(null);

  /** Puts `text` where the cursor is in the message (at its end when it has none). */
  const insert = (text: string) => {
    const el = messageRef.current;
    const current = getValues('message') ?? '';
    const at = el ? el.selectionStart : current.length;
    const end = el ? el.selectionEnd : current.length;
    setValue('message', current.slice(0, at) + text + current.slice(end), { shouldDirty: true, shouldValidate: true });
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setImageNotice(undefined);
    try {
      const { url } = await upload.mutateAsync(file);
      insert(`\n${url}\n`);
      // An earlier refused file no longer stands once an image is in.
      setFailure(undefined);
      setImageNotice('Image uploaded: its address is in the message.');
    } catch (err) {
      setImageNotice(undefined);
      setFailure(errorMessage(err));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await save.mutateAsync({ ...values, ...(template && !template.isDefault ? { originalName: template.name } : {}) });
      onSaved(values.name);
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });

  return (
    <Modal show onHide={onHide} size="xl" aria-labelledby="template-editor-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="template-editor-title">{template ? 'Edit Template' : 'New Template'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" data-testid="template-error">
              {failure}
            </Alert>
          )}
          <Row xs={1} lg={2} className="g-3">
            <Col>
              <RequiredField id="template-name" label="Template name" error={errors.name}>
                {(invalid) => <Form.Control maxLength={100} {...invalid} readOnly={template?.isDefault} {...register('name')} />}
              </RequiredField>
              <SubjectField id="template-subject" field={register('subject')} error={errors.subject} />
              <Form.Group className="mb-2" controlId="template-message">
                <Form.Label>
                  Message<span className="text-danger"> *</span>
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={10}
                  {...invalidProps('template-message', errors.message)}
                  {...messageField}
                  ref={(el: HTMLTextAreaElement | null) => {
                    messageField.ref(el);
                    messageRef.current = el;
                  }}
                />
                <FieldFeedback fieldId="template-message" problem={errors.message} />
              </Form.Group>
              <fieldset className="d-flex flex-wrap gap-2 mb-2 border-0 p-0">
                <legend className="visually-hidden">Insert a merge field</legend>
                {MERGE_FIELD_NAMES.map((f) => (
                  <Button key={f} size="sm" variant="outline-secondary" onClick={() => insert(`{{${f}}}`)}>
                    {MERGE_FIELDS[f].label}
                  </Button>
                ))}
              </fieldset>
              <Form.Group controlId="template-image">
                <Form.Label className="small mb-1">Add an image (PNG, JPEG or GIF, at most {MAX_EMAIL_IMAGE_LABEL})</Form.Label>
                <div className="d-flex align-items-center gap-2">
                  <Form.Control ref={fileInput} type="file" size="sm" accept={ACCEPT} disabled={upload.isPending} onChange={(e) => void onImage((e.target as HTMLInputElement).files?.[0])} />
                  {upload.isPending && <Spinner size="sm" aria-label="Uploading" />}
                </div>
                {imageNotice && <div className="small text-success mt-1">{imageNotice}</div>}
              </Form.Group>
              <p className="small text-body-secondary mt-2 mb-0">
                Merge fields are written like {'{{firstName}}'}. A missing value reads as a friendly default (a missing first name reads “there”).
              </p>
            </Col>
            <Col>
              <EmailPreview testId="template-preview" title="Preview with sample values" subject={subject} message={message} values={SAMPLE_VALUES} />
            </Col>
          </Row>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={save.isPending} disabled={upload.isPending}>
          Save Template
        </ModalActions>
      </Form>
    </Modal>
  );
}
