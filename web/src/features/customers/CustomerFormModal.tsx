import { zodResolver } from '@hookform/resolvers/zod';
import { AddressFinder } from '../../components/AddressFinder';
import { CarrierAddressCheck } from '../../components/CarrierAddressCheck';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { type CustomerFields, type CustomerInput, customerFields } from '../../../../shared/schemas/customer';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import type { ResponseOf } from '../../lib/api';
import { setServerErrors } from '../../lib/form';
import { type Customer, useCountries, useParseAddress, useSaveCustomer, useStates } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'birthday', 'company', 'address1', 'address2', 'address3', 'city', 'state', 'zip', 'country'] as const;

function formValues(c: Customer | undefined): CustomerInput {
  const values: Record<string, string> = { country: 'US' };
  for (const k of FIELDS) {
    const v = c?.[k];
    values[k] = typeof v === 'string' ? v : (values[k] ?? '');
  }
  return values as unknown as CustomerInput;
}

/** Fills the address fields from a pasted address (GET /orders/parseAddress). */
function PasteAddress({ onParsed }: { onParsed: (a: ResponseOf<'orders.parseAddress'>) => void }) {
  const [text, setText] = useState('');
  const parsing = useParseAddress();
  const error = parsing.error ? errorMessage(parsing.error) : undefined;
  const busy = parsing.isPending;
  const parse = () =>
    parsing.mutate(text, {
      onSuccess: (address) => {
        onParsed(address);
        setText('');
      },
    });
  return (
    <Form.Group className="mb-3" controlId="customer-paste-address">
      <Form.Label className="small text-body-secondary">Paste a US address to fill the fields below</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control as="textarea" rows={2} value={text} onChange={(e) => setText(e.target.value)} {...invalidProps('customer-paste-address', error)} />
        <Button variant="outline-secondary" onClick={parse} disabled={busy || text.trim() === ''}>
          Fill in
        </Button>
      </div>
      <FieldFeedback fieldId="customer-paste-address" problem={error} />
    </Form.Group>
  );
}

/** New Customer and Edit Customer (spec section 2): the shared zod schema, so the messages are the server's. */
export function CustomerFormModal({ customer, onHide, onSaved }: { customer?: Customer; onHide: () => void; onSaved: (c: Customer) => void }) {
  const save = useSaveCustomer();
  const form = useForm<CustomerInput, unknown, CustomerFields>({
    resolver: zodResolver(customerFields),
    defaultValues: formValues(customer),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, setValue, watch } = form;
  const errors = formState.errors;
  const country = watch('country') ?? 'US';
  const countries = useCountries();
  const states = useStates(country);
  const [failure, setFailure] = useState<string>();

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      onSaved(await save.mutateAsync({ ...values, customerID: customer?.customerID }));
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    }
  });

  const text = (name: (typeof FIELDS)[number], label: string, props: { placeholder?: string; type?: string; required?: boolean } = {}) => (
    <Form.Group className="mb-3" controlId={`customer-${name}`}>
      <Form.Label>
        {label}
        {props.required && <span className="text-danger"> *</span>}
      </Form.Label>
      <Form.Control type={props.type ?? 'text'} placeholder={props.placeholder} {...invalidProps(`customer-${name}`, errors[name])} {...register(name)} />
      <FieldFeedback fieldId={`customer-${name}`} problem={errors[name]} />
    </Form.Group>
  );

  const stateList = states.data?.states ?? [];
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="customer-form-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="customer-form-title">{customer ? 'Edit Customer' : 'New Customer'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Alert variant="danger">{failure}</Alert>}
          <Row xs={1} md={2}>
            <Col>{text('firstName', 'First name', { required: true })}</Col>
            <Col>{text('lastName', 'Last name', { required: true })}</Col>
            <Col>{text('email', 'Email', { type: 'email' })}</Col>
            <Col>{text('phone', 'Phone', { type: 'tel' })}</Col>
            <Col>{text('birthday', 'Birthday', { placeholder: 'MM/DD or MM/DD/YYYY' })}</Col>
            <Col>{text('company', 'Company')}</Col>
          </Row>
          <hr />
          {country === 'US' && (
            <PasteAddress
              onParsed={(a) => {
                for (const k of ['address1', 'address2', 'city', 'state', 'zip'] as const) setValue(k, a[k] ?? '', { shouldValidate: true });
              }}
            />
          )}
          <div className="mb-2">
            <AddressFinder
              name="customer"
              onSelect={(a) => {
                for (const k of ['address1', 'address2', 'city', 'state', 'zip'] as const) setValue(k, a[k] ?? '', { shouldValidate: true });
              }}
            />
          </div>
          <Row xs={1} md={2}>
            <Col>{text('address1', 'Address')}</Col>
            <Col>{text('address2', 'Address 2')}</Col>
            <Col>{text('city', 'City')}</Col>
            <Col>
              {stateList.length > 0 ? (
                <Form.Group className="mb-3" controlId="customer-state">
                  <Form.Label>State</Form.Label>
                  <Form.Select {...invalidProps('customer-state', errors.state)} {...register('state')}>
                    <option value="">Choose...</option>
                    {stateList.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </Form.Select>
                  <FieldFeedback fieldId="customer-state" problem={errors.state} />
                </Form.Group>
              ) : (
                text('state', 'State / region')
              )}
            </Col>
            <Col>{text('zip', 'ZIP')}</Col>
            <Col>
              <Form.Group className="mb-3" controlId="customer-country">
                <Form.Label>Country</Form.Label>
                <Form.Select {...invalidProps('customer-country', errors.country)} {...register('country')}>
                  {(countries.data?.countries ?? [{ code: 'US', name: 'United States' }]).map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </Form.Select>
                <FieldFeedback fieldId="customer-country" problem={errors.country} />
              </Form.Group>
            </Col>
          </Row>
          <CarrierAddressCheck
            address={watch()}
            onApply={(a) => {
              for (const k of ['address1', 'address2', 'city', 'state', 'zip'] as const) setValue(k, a[k] ?? '', { shouldValidate: true, shouldDirty: true });
            }}
          />
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={formState.isSubmitting}>
          Save Customer
        </ModalActions>
      </Form>
    </Modal>
  );
}
