import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { automationsBody, MAX_AUTOMATION_DAYS } from '../../../../shared/schemas/marketing';
import { ErrorAlert, errorMessage } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { type Automation, useAutomations, useSaveAutomations, useTemplates } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

type Input = z.input<typeof automationsBody>;
type Output = z.output<typeof automationsBody>;

const TRIGGERS: Record<Automation['trigger'], { title: string; help: string }> = {
  shipped: { title: 'When an order ships', help: "Sent when a label is bought, with the carrier's tracking link for the buyer." },
  delivered: { title: 'When an order is delivered', help: 'Sent once the carrier reports the package delivered.' },
  daysAfter: { title: 'Days after the order', help: 'A follow-up a chosen number of days after the order date.' },
};

/**
 * Automated Emails (issue 15, growth and up): on or off and which template for each trigger. The settings are
 * stored by marketing.saveAutomations; the sending reads them. Below growth the server answers 403, shown here as
 * what the upgrade brings.
 */
export function AutomatedEmailsTab() {
  const automations = useAutomations();
  const templates = useTemplates();
  const save = useSaveAutomations();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, reset, formState, watch } = useForm<Input, unknown, Output>({ resolver: zodResolver(automationsBody) });

  useEffect(() => {
    if (automations.data) reset({ automations: automations.data.automations });
  }, [automations.data, reset]);

  if (automations.error instanceof ApiError && automations.error.status === 403) {
    return (
      <Alert variant="info" data-testid="automations-upgrade">
        Automated follow-up emails come with the Growth and Executive plans. <Link to="/upgrade">Upgrade</Link> to send them automatically when an order
        ships, is delivered, or some days after it.
      </Alert>
    );
  }
  if (automations.error) return <ErrorAlert error={automations.error} onRetry={() => void automations.refetch()} />;
  if (!automations.data || !templates.data) return <Loading />;

  const names = templates.data.templateNames;
  // The triggers and their order are the server's; the form holds each one's values.
  const rows = automations.data.automations;
  const submit = handleSubmit(async (values) => {
    setNotice(undefined);
    setFailure(undefined);
    try {
      await save.mutateAsync(values.automations);
      setNotice('Automated emails saved.');
    } catch (err) {
      setFailure(errorMessage(err));
    }
  });

  return (
    <Form noValidate onSubmit={submit} data-testid="automations-form">
      {notice && (
        <Alert variant="success" dismissible onClose={() => setNotice(undefined)} data-testid="automations-notice">
          {notice}
        </Alert>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      {formState.errors.automations?.message && <Alert variant="danger">{formState.errors.automations.message}</Alert>}
      {rows.map((a, i) => {
        const t = TRIGGERS[a.trigger];
        const rowErrors = formState.errors.automations?.[i];
        const state = watch(`automations.${i}.enabled`) ? 'On' : 'Off';
        // Every card holds the same controls: each is named after its trigger, or a screen reader lists three
        // switches called Off and three selects called Template.
        return (
          <Card key={a.trigger} className="mb-3" role="group" aria-labelledby={`automation-${a.trigger}-title`}>
            <Card.Body>
              <input type="hidden" {...register(`automations.${i}.trigger`)} />
              <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
                <div>
                  <h3 className="h6 mb-1" id={`automation-${a.trigger}-title`}>
                    {t.title}
                  </h3>
                  <p className="small text-body-secondary mb-2">{t.help}</p>
                </div>
                <Form.Check
                  type="switch"
                  id={`automation-${a.trigger}`}
                  role="switch"
                  // The label says the switch's state: a switch that is off reads Off. The name keeps those words
                  // (what a voice user says to press it) after the trigger's.
                  label={state}
                  aria-label={`${t.title}: ${state}`}
                  {...register(`automations.${i}.enabled`)}
                />
              </div>
              <div className="d-flex flex-wrap gap-3">
                <Form.Group controlId={`automation-${a.trigger}-template`} style={{ minWidth: '12rem' }}>
                  <Form.Label className="small">
                    <span className="visually-hidden">{t.title}: </span>Template
                  </Form.Label>
                  <Form.Select size="sm" {...invalidProps(`automation-${a.trigger}-template`, rowErrors?.templateName)} {...register(`automations.${i}.templateName`)}>
                    {[...new Set([...names, a.templateName])].map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Form.Select>
                  <FieldFeedback fieldId={`automation-${a.trigger}-template`} problem={rowErrors?.templateName} />
                </Form.Group>
                {a.trigger === 'daysAfter' ? (
                  <Form.Group controlId="automation-daysAfter-days" style={{ maxWidth: '8rem' }}>
                    <Form.Label className="small">Days after</Form.Label>
                    <Form.Control
                      size="sm"
                      type="number"
                      min={1}
                      max={MAX_AUTOMATION_DAYS}
                      {...invalidProps('automation-daysAfter-days', rowErrors?.days)}
                      {...register(`automations.${i}.days`, { valueAsNumber: true })}
                    />
                    <FieldFeedback fieldId="automation-daysAfter-days" problem={rowErrors?.days} />
                  </Form.Group>
                ) : (
                  <input type="hidden" {...register(`automations.${i}.days`, { valueAsNumber: true })} />
                )}
              </div>
            </Card.Body>
          </Card>
        );
      })}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Save Automated Emails
      </Button>
    </Form>
  );
}
