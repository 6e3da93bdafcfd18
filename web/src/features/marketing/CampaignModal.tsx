import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { mergeValuesOf } from '../../../../shared/domain/merge-values';
import type { Customer } from '../../../../shared/schemas/customer';
import { type Campaign, MAX_CAMPAIGN_RECIPIENTS, sendCampaignBody } from '../../../../shared/schemas/send-email';
import { SEARCH_DEBOUNCE_MS } from '../../components/DataTable';
import { EmailPreview, RequiredField, SubjectField, TemplatePicker } from '../../components/EmailParts';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { setServerErrors } from '../../lib/form';
import { nameOf } from '../../lib/format';
import { useSenderInfo } from '../../lib/marketing';
import { useDebounced } from '../../lib/useDebounced';
import { useCampaignCustomers, useSendCampaign, useTemplates } from './api';
import { plural } from '../../../../shared/domain/format';

const textSchema = sendCampaignBody.pick({ subject: true, message: true });
type Input = z.input<typeof textSchema>;
type Output = z.output<typeof textSchema>;

const statusLabel: Record<string, string> = { unsubscribed: 'Unsubscribed', bounced: 'Bounced', complained: 'Complained' };

/**
 * A campaign (issue 15): a template (or a message written here), the customers it goes to (searched and checked,
 * at most 500), Send. One request key per opened form, so a double click or a retry records one campaign. Customers
 * who may not receive marketing are skipped by the server and counted.
 */
export function CampaignModal({ onHide, onSent }: { onHide: () => void; onSent: (campaign: Campaign) => void }) {
  const templates = useTemplates();
  const sender = useSenderInfo();
  const send = useSendCampaign();
  const [requestKey] = useState(() => crypto.randomUUID());
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useCampaignCustomers(q);
  const [chosen, setChosen] = useState<ReadonlyMap<string, Customer>>(new Map());
  const [templateChoice, setTemplateChoice] = useState('');
  const [failure, setFailure] = useState<string>();
  const [choiceError, setChoiceError] = useState<string>();
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<Input, unknown, Output>({
    resolver: zodResolver(textSchema),
    defaultValues: { subject: '', message: '' },
    mode: 'onTouched',
  });
  const errors = formState.errors;
  const shown = useMemo(() => customers.data?.pages.flatMap((p) => p.customers) ?? [], [customers.data]);
  const full = chosen.size >= MAX_CAMPAIGN_RECIPIENTS;
  const first = chosen.values().next().value;

  const toggle = (c: Customer, on: boolean) => {
    setChoiceError(undefined);
    setChosen((prev) => {
      const next = new Map(prev);
      if (on && next.size < MAX_CAMPAIGN_RECIPIENTS) next.set(c.customerID, c);
      else if (!on) next.delete(c.customerID);
      return next;
    });
  };
  const chooseShown = () =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const c of shown) if (next.size < MAX_CAMPAIGN_RECIPIENTS && c.email && (c.emailStatus ?? 'ok') === 'ok') next.set(c.customerID, c);
      return next;
    });
  const chooseTemplate = (name: string) => {
    setTemplateChoice(name);
    const t = templates.data?.templates.find((row) => row.name === name);
    if (!t) return;
    setValue('subject', t.subject, { shouldValidate: true });
    setValue('message', t.message, { shouldValidate: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    if (chosen.size === 0) {
      setChoiceError('Choose at least one customer.');
      return;
    }
    try {
      onSent(await send.mutateAsync({ ...values, requestKey, customerIDs: [...chosen.keys()] }));
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });

  return (
    <Modal show onHide={onHide} size="xl" aria-labelledby="campaign-title">
      <Form noValidate onSubmit={submit} data-testid="campaign-form">
        <Modal.Header closeButton>
          <Modal.Title id="campaign-title">New Campaign</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" data-testid="campaign-error">
              {failure}
            </Alert>
          )}
          <Row xs={1} lg={2} className="g-3">
            <Col>
              <TemplatePicker id="campaign-template" value={templateChoice} onChange={chooseTemplate} names={templates.data?.templates.map((t) => t.name)} />
              <SubjectField id="campaign-subject" field={register('subject')} error={errors.subject} />
              <RequiredField id="campaign-message" label="Message" error={errors.message}>
                {(invalid) => <Form.Control as="textarea" rows={6} {...invalid} {...register('message')} />}
              </RequiredField>
              <EmailPreview
                testId="campaign-preview"
                fill={false}
                title={`Preview${first ? ` for ${first.firstName}` : ''}`}
                subject={watch('subject') ?? ''}
                message={watch('message') ?? ''}
                values={mergeValuesOf({ firstName: first?.firstName, seller: sender.names })}
              />
            </Col>
            <Col>
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                <span className="fw-semibold" data-testid="campaign-chosen-count">
                  {chosen.size} of at most {MAX_CAMPAIGN_RECIPIENTS} customers chosen
                </span>
                <div className="d-flex gap-2">
                  <Button size="sm" variant="outline-secondary" onClick={chooseShown} disabled={full || shown.length === 0}>
                    Choose all shown
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => setChosen(new Map())} disabled={chosen.size === 0}>
                    Clear
                  </Button>
                </div>
              </div>
              {choiceError && <div className="small text-danger mb-2">{choiceError}</div>}
              <Form.Control
                type="search"
                className="mb-2"
                placeholder="Search customers"
                aria-label="Search customers"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <ListGroup className="overflow-auto" style={{ maxHeight: '22rem' }} data-testid="campaign-customers">
                {shown.map((c) => {
                  const status = !c.email ? 'No email' : statusLabel[c.emailStatus ?? 'ok'];
                  const on = chosen.has(c.customerID);
                  return (
                    <ListGroup.Item key={c.customerID} className="d-flex align-items-center gap-2">
                      <Form.Check
                        id={`campaign-customer-${c.customerID}`}
                        checked={on}
                        disabled={(!on && full) || !!status}
                        onChange={(e) => toggle(c, e.target.checked)}
                        label={
                          <span className="text-break">
                            {nameOf(c)} <span className="small text-body-secondary">{c.email}</span>
                          </span>
                        }
                      />
                      {status && (
                        <Badge bg="secondary" className="ms-auto">
                          {status}
                        </Badge>
                      )}
                    </ListGroup.Item>
                  );
                })}
                {shown.length === 0 && <ListGroup.Item className="text-body-secondary">{customers.isFetching ? 'Searching...' : 'No matching customers.'}</ListGroup.Item>}
              </ListGroup>
              {customers.hasNextPage && (
                <Button size="sm" variant="link" onClick={() => void customers.fetchNextPage()} disabled={customers.isFetchingNextPage}>
                  Show more customers
                </Button>
              )}
              <p className="small text-body-secondary mt-2 mb-0">
                Customers who unsubscribed, whose address bounced, or who bought through a marketplace (Etsy, eBay, Amazon) are skipped.
              </p>
            </Col>
          </Row>
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={send.isPending}>
          {send.isPending ? 'SENDING...' : `Send to ${plural(chosen.size, 'customer')}`}
        </ModalActions>
      </Form>
    </Modal>
  );
}
