import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import * as z from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { priceWithDiscounts } from '../../../../shared/domain/discounts';
import { orderItemSchema, orderSaveBody } from '../../../../shared/schemas/shipping';
import { AddressFinder } from '../../components/AddressFinder';
import { CarrierAddressCheck } from '../../components/CarrierAddressCheck';
import { DiscountModal } from '../../components/discounts/DiscountModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { Typeahead } from '../../components/Typeahead';
import { browserTimeZone, discountsKey, useDiscounts } from '../../lib/discounts';
import { nameOf } from '../../lib/format';
import { type ChosenProduct, ChooseProductModal } from './ChooseProductModal';
import { ItemLines } from './ItemLines';
import { ApiError } from '../../lib/api';
import { type Order, searchCustomers, useSaveOrder } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const ADDRESS = [
  ['address1', 'Address'],
  ['address2', 'Apt, suite'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
] as const;

const asNumber = (text: unknown) => (typeof text === 'string' ? (text.trim() === '' ? undefined : Number(text)) : text);
const CHOOSE_CUSTOMER = 'Choose a customer or add a new one.';
const quantityRule = z.preprocess(asNumber, orderItemSchema.shape.quantity);
const priceRule = z.preprocess(asNumber, orderItemSchema.shape.price);

/**
 * The form's values: quantity and price stay text while typed and are read by the server's own item rules (spec
 * section 5: price non-negative, 2 decimals); a customer is chosen, or named to be added with the order.
 */
const newOrderForm = z
  .object({
    customer: z.object({ customerID: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
    creating: z.boolean(),
    livestream: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    items: z
      .array(
        orderItemSchema.extend({
          quantity: quantityRule,
          price: priceRule,
        }),
      )
      .pipe(orderSaveBody.shape.items),
    address: z.object(Object.fromEntries(ADDRESS.map(([key]) => [key, z.string()])) as Record<(typeof ADDRESS)[number][0], z.ZodString>),
  })
  .superRefine((form, ctx) => {
    if (form.customer) return;
    if (!form.creating) ctx.addIssue({ code: 'custom', path: ['customer'], message: CHOOSE_CUSTOMER });
    else {
      if (!form.firstName.trim()) ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'First name is required.' });
      if (!form.lastName.trim()) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'Last name is required.' });
    }
  });
type NewOrderInput = z.input<typeof newOrderForm>;
type Line = NewOrderInput['items'][number];

const fromProduct = ({ product, quantity }: ChosenProduct): Line => ({
  name: product.name,
  sku: product.sku ?? undefined,
  productId: product.productId,
  quantity: String(quantity),
  price: product.price.toFixed(2),
});

/**
 * New Order for live selling: a customer (found by typeahead or created here), products chosen from the catalogue
 * (Choose Product) or typed, their quantities and prices, where it ships. The seller's discounts price the lines as
 * they are typed (shared/domain/discounts.ts, the server's own function), each shown by name; Add Discount makes one
 * on the spot. Choose Product and Add Discount take this dialog's place while open, so dialogs never stack.
 */
export function NewOrderModal({ onHide, onSaved }: { onHide: () => void; onSaved: (o: Order) => void }) {
  const form = useForm<NewOrderInput, unknown, z.output<typeof newOrderForm>>({
    resolver: zodResolver(newOrderForm),
    defaultValues: { creating: false, livestream: false, firstName: '', lastName: '', items: [], address: { address1: '', address2: '', city: '', state: '', zip: '' } },
  });
  const { register, handleSubmit, formState, setValue, watch, control } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const [choosing, setChoosing] = useState(false);
  const [addingDiscount, setAddingDiscount] = useState(false);
  const discounts = useDiscounts();
  const livestream = watch('livestream');
  const customer = watch('customer');
  const creating = watch('creating');
  const typed = watch('items');
  // A line that its own rules refuse (a negative quantity, a price with 3 decimals) is said at once, and no subtotal
  // is shown until every line is one the server would accept.
  const lineProblems = typed.map((l) => ({
    quantity: quantityRule.safeParse(l.quantity).error?.issues[0]?.message,
    price: l.price === '' ? undefined : priceRule.safeParse(l.price).error?.issues[0]?.message,
  }));
  const linesValid = lineProblems.every((p) => !p.quantity && !p.price);
  const priced = priceWithDiscounts(
    typed.map((l) => ({ productId: l.productId, quantity: Math.max(0, Math.trunc(Number(l.quantity)) || 0), price: Math.max(0, Number(l.price) || 0) })),
    discounts.data?.discounts ?? [],
    { now: new Date(), livestream, timeZone: browserTimeZone() },
  );
  const save = useSaveOrder();
  const client = useQueryClient();
  // One key for the order this form makes: a second click, or a retry after an answer that never came, is that order.
  const [requestKey] = useState(() => crypto.randomUUID());

  const submit = handleSubmit((values) => {
    const hasAddress = Object.values(values.address).some((v) => v.trim());
    const name = nameOf(values.customer ?? values);
    save.mutate(
      {
        customerId: values.customer?.customerID,
        newCustomer: { firstName: values.firstName, lastName: values.lastName, country: 'US' },
        onCustomer: (c) => setValue('customer', c),
        items: values.items,
        livestream: values.livestream,
        timeZone: browserTimeZone(),
        shipTo: hasAddress ? { name, ...values.address, country: 'US' } : undefined,
        // The total shown is the one saved: a discount that started or ended since the list was read makes the
        // server refuse (409) rather than save a price the seller never saw; the list is read again to show it.
        expectedTotal: priced.discountedSubtotal,
        requestKey,
      },
      {
        onSuccess: onSaved,
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey: discountsKey });
        },
      },
    );
  });

  if (addingDiscount) return <DiscountModal onHide={() => setAddingDiscount(false)} />;
  if (choosing) {
    return (
      <ChooseProductModal
        onHide={() => setChoosing(false)}
        onChoose={(chosen) => {
          lines.append(chosen.map(fromProduct));
          setChoosing(false);
        }}
      />
    );
  }

  const itemError = (i: number, field: 'name' | 'quantity' | 'price') =>
    errors.items?.[i]?.[field]?.message ?? (field === 'name' ? undefined : lineProblems[i]?.[field]);
  const listError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="new-order-title">
      <FormProvider {...form}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="new-order-title">New Order</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <h6>Customer</h6>
          {customer ? (
            <p data-testid="order-customer">
              {nameOf(customer)}{' '}
              <Button variant="link" size="sm" onClick={() => setValue('customer', undefined)}>
                Change
              </Button>
            </p>
          ) : creating ? (
            <Row className="g-2 mb-2">
              <Col sm>
                <Form.Group controlId="new-first">
                  <Form.Label className="small">First name</Form.Label>
                  <Form.Control {...invalidProps('new-first', errors.firstName)} {...register('firstName')} />
                  <FieldFeedback fieldId="new-first" problem={errors.firstName} />
                </Form.Group>
              </Col>
              <Col sm>
                <Form.Group controlId="new-last">
                  <Form.Label className="small">Last name</Form.Label>
                  <Form.Control {...invalidProps('new-last', errors.lastName)} {...register('lastName')} />
                  <FieldFeedback fieldId="new-last" problem={errors.lastName} />
                </Form.Group>
              </Col>
            </Row>
          ) : (
            <div className="mb-2">
              <Typeahead
                name="order-customer"
                label="Find a customer"
                search={searchCustomers}
                optionKey={(c) => c.customerID}
                optionLabel={nameOf}
                optionDetail={(c) => c.email ?? undefined}
                onSelect={(c) => {
                  setValue('customer', c, { shouldValidate: formState.isSubmitted });
                  // The address on file ships the order unless the seller changes it here.
                  for (const [key] of ADDRESS) setValue(`address.${key}`, c[key] ?? '');
                }}
              />
              <Button variant="link" size="sm" className="px-0" onClick={() => setValue('creating', true)}>
                New customer
              </Button>
              {errors.customer && <div className="small text-danger">{errors.customer.message}</div>}
            </div>
          )}
          <h6>Products</h6>
          <ItemLines
            fields={lines.fields}
            idPrefix="line"
            testId="order-line"
            error={itemError}
            onRemove={lines.remove}
            onNameChange={(i) => {
              setValue(`items.${i}.sku`, undefined);
              setValue(`items.${i}.productId`, undefined);
            }}
            extra={(i) => (
              <>
                {typed[i]?.sku && <Form.Text>SKU {typed[i]?.sku}</Form.Text>}
                {(priced.lines[i]?.discountCents ?? 0) > 0 && (
                  <Form.Text className="d-block text-success" data-testid="line-discount">
                    {priced.lines[i]?.discountName} -{formatMoney(priced.lines[i]?.discount)}
                  </Form.Text>
                )}
              </>
            )}
          />
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <Button variant="outline-primary" size="sm" onClick={() => setChoosing(true)}>
              Choose Product
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => lines.append({ name: '', quantity: '1', price: '' })}>
              Type a Product
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => setAddingDiscount(true)}>
              Add Discount
            </Button>
            {lines.fields.length > 0 &&
              (linesValid ? (
                <span className="ms-auto small" data-testid="order-subtotal">
                  Subtotal {formatMoney(priced.subtotal)}
                </span>
              ) : (
                <span className="ms-auto small text-danger" data-testid="order-subtotal-pending">
                  Correct the products to see the subtotal.
                </span>
              ))}
          </div>
          <Form.Check
            type="checkbox"
            id="order-livestream"
            className="mb-2"
            label="Taken in a live stream (livestream discounts apply)"
            {...register('livestream')}
          />
          {linesValid && priced.applied.length > 0 && (
            <div className="mb-3 small" data-testid="order-discounts">
              {priced.applied.map((a) => (
                <div key={a.discountId} className="d-flex justify-content-between text-success" data-testid="order-discount">
                  <span>{a.name}</span> <span>-{formatMoney(a.amount)}</span>
                </div>
              ))}
              <div className="d-flex justify-content-between fw-semibold border-top pt-1" data-testid="order-discounted-total">
                <span>Total after discounts</span> <span>{formatMoney(priced.discountedSubtotal)}</span>
              </div>
            </div>
          )}
          {listError && <div className="small text-danger mb-2">{listError}</div>}
          <h6>Ship to</h6>
          <div className="mb-2">
            <AddressFinder name="new-order" onSelect={(a) => { for (const [key] of ADDRESS) setValue(`address.${key}`, a[key] ?? ''); }} />
          </div>
          <Row xs={1} sm={2} className="g-2">
            {ADDRESS.map(([key, label]) => (
              <Col key={key}>
                <Form.Group controlId={`ship-${key}`}>
                  <Form.Label className="small">{label}</Form.Label>
                  <Form.Control {...register(`address.${key}`)} />
                </Form.Group>
              </Col>
            ))}
          </Row>
          <CarrierAddressCheck
            address={watch('address')}
            onApply={(a) => {
              for (const [key] of ADDRESS) setValue(`address.${key}`, a[key] ?? '', { shouldDirty: true });
            }}
          />
          {save.error && <ErrorAlert error={save.error} />}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={save.isPending}>
          Save Order
        </ModalActions>
      </Form>
      </FormProvider>
    </Modal>
  );
}
