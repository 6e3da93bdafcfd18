import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { quoteBody } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { type ResponsiveColumn, ResponsiveTable } from '../../components/ResponsiveTable';
import { setServerErrors } from '../../lib/form';
import { type Rate, useQuote, useSellerInfo } from './api';
import { DEFAULT_PARCEL, ParcelFields } from './ParcelFields';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

type QuoteInput = z.input<typeof quoteBody>;

// A card per rate below 992 px: three columns of a dialog do not fit 375 px with the service names.
const RATE_COLUMNS: ResponsiveColumn<Rate>[] = [
  { id: 'service', header: 'Service', cell: (r) => r.name },
  { id: 'days', header: 'Days', cell: (r) => r.days },
  { id: 'price', header: 'Price', cell: (r) => formatMoney(r.amountCents / 100), numeric: true },
];

/** Shipping Quote: compare every service for a parcel, without an order, from the return address's ZIP unless changed. */
export function QuoteModal({ onHide }: { onHide: () => void }) {
  const info = useSellerInfo();
  if (info.isPending) return null;
  return <QuoteForm onHide={onHide} fromZip={info.data?.returnAddress?.zip ?? ''} />;
}

function QuoteForm({ onHide, fromZip }: { onHide: () => void; fromZip: string }) {
  const form = useForm<QuoteInput, unknown, z.output<typeof quoteBody>>({
    resolver: zodResolver(quoteBody),
    defaultValues: { fromZip, toZip: '', parcel: DEFAULT_PARCEL },
  });
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;
  const quote = useQuote();
  const submit = handleSubmit((body) => quote.mutate(body, { onError: (err) => setServerErrors(err, setError) }));
  const zip = (name: 'fromZip' | 'toZip', id: string, label: string) => (
    <Form.Group controlId={id}>
      <Form.Label className="small">{label}</Form.Label>
      <Form.Control inputMode="numeric" {...invalidProps(id, errors[name])} {...register(name)} />
      <FieldFeedback fieldId={id} problem={errors[name]} />
    </Form.Group>
  );
  return (
    <Modal show onHide={onHide} size="lg">
      <FormProvider {...form}>
        <Form noValidate onSubmit={submit}>
          <Modal.Header closeButton>
            <Modal.Title>Shipping Quote</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="d-flex gap-2 mb-2">
              {zip('fromZip', 'quote-from', 'From ZIP')}
              {zip('toZip', 'quote-to', 'To ZIP')}
            </div>
            <ParcelFields />
            {quote.error && <ErrorAlert error={quote.error} />}
            {quote.data && (
              <ResponsiveTable
                label="Rates"
                size="sm"
                testId="quote-rates"
                columns={RATE_COLUMNS}
                rows={quote.data.rates}
                rowKey={(r) => r.service}
              />
            )}
          </Modal.Body>
          <ModalActions onCancel={onHide} busy={quote.isPending}>
            Get Quote
          </ModalActions>
        </Form>
      </FormProvider>
    </Modal>
  );
}
