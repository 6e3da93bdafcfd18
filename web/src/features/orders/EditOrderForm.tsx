import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import * as z from 'zod';
import { discountedTotals, priceWithDiscounts } from '../../../../shared/domain/discounts';
import { formatMoney } from '../../../../shared/domain/format';
import { sameItems } from '../../../../shared/domain/order-edit';
import { orderItemSchema, orderSaveBody, shipToSchema } from '../../../../shared/schemas/shipping';
import { AddressFinder } from '../../components/AddressFinder';
import { CarrierAddressCheck } from '../../components/CarrierAddressCheck';
import { ErrorAlert } from '../../components/ErrorAlert';
import { browserTimeZone, useDiscounts } from '../../lib/discounts';
import { setServerErrors } from '../../lib/form';
import { type Order, useEditOrder } from './api';
import { ItemLines } from './ItemLines';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const asNumber = (text: unknown) => (typeof text === 'string' ? (text.trim() === '' ? undefined : Number(text)) : text);

const ADDRESS = [
  ['name', 'Name'],
  ['company', 'Company'],
  ['address1', 'Address'],
  ['address2', 'Apt, suite'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['phone', 'Phone'],
] as const;

/** The lines as typed (text) read by the server's own item rules; the ship-to by the label's own address rules. */
const editForm = z.object({
  items: z
    .array(
      orderItemSchema.extend({
        quantity: z.preprocess(asNumber, orderItemSchema.shape.quantity),
        price: z.preprocess(asNumber, orderItemSchema.shape.price),
      }),
    )
    .pipe(orderSaveBody.shape.items),
  shipTo: shipToSchema,
});
type EditInput = z.input<typeof editForm>;

/** The typed lines as numbers, or undefined while one is not a line the server would accept. */
function typedLines(items: EditInput['items']) {
  const lines = items.map((l) => orderItemSchema.safeParse({ ...l, quantity: asNumber(l.quantity), price: asNumber(l.price) }));
  return lines.every((l) => l.success) ? lines.map((l) => l.data!) : undefined;
}

/**
 * Edit an order that has no label yet: its ship-to (an imported address the checker refused can be corrected, so
 * every order can be shipped) and its items. Lines left as they are keep the order's prices, discounts and total
 * (an imported order's platform total too); changed lines are priced again with the discounts running now, and the
 * form shows the new total beside the old one before saving. The save names the total shown: the server refuses
 * another one (a discount started or ended meanwhile), and refuses an order with a label.
 */
export function EditOrderForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const to = order.shipTo ?? {};
  const form = useForm<EditInput, unknown, z.output<typeof editForm>>({
    resolver: zodResolver(editForm),
    // Errors show as the seller types once a save was tried, and the ZIP's at once: it is why most edits happen.
    mode: 'onTouched',
    defaultValues: {
      items: order.items.map((i) => ({ name: i.name, sku: i.sku ?? undefined, productId: i.productId ?? undefined, quantity: String(i.quantity), price: i.price.toFixed(2) })),
      shipTo: Object.fromEntries(ADDRESS.map(([key]) => [key, to[key] ?? (key === 'name' ? order.customerName : '')])) as EditInput['shipTo'],
    },
  });
  const { register, formState, control, setError } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const save = useEditOrder();
  const discounts = useDiscounts();
  const typed = typedLines(form.watch('items'));
  const livestream = order.livestream ?? false;
  // What the server will store: the order's own total while its lines are unchanged, else the lines priced now.
  const changed = typed !== undefined && !sameItems(order.items, typed);
  const newTotal =
    changed && discounts.data
      ? discountedTotals(priceWithDiscounts(typed, discounts.data.discounts, { now: new Date(), livestream, timeZone: browserTimeZone() }), order.shipping, order.tax).total
      : undefined;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        orderId: order.orderId,
        customerId: order.customerId,
        items: values.items,
        shipTo: { ...values.shipTo, country: to.country || 'US' },
        shipping: order.shipping,
        tax: order.tax,
        weightOz: order.weightOz ?? undefined,
        livestream,
        timeZone: browserTimeZone(),
        expectedTotal: changed ? newTotal : order.total,
      },
      { onSuccess: onDone, onError: (err) => setServerErrors(err, setError) },
    ),
  );
  const listError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <FormProvider {...form}>
    <Form noValidate onSubmit={submit} data-testid="edit-order" aria-label="Edit order">
      <h6>Items</h6>
      <ItemLines
        fields={lines.fields}
        idPrefix="edit"
        testId="edit-order-line"
        error={(i, field) => errors.items?.[i]?.[field]?.message}
        onRemove={lines.remove}
      />
      <Button variant="outline-secondary" size="sm" className="mb-2" onClick={() => lines.append({ name: '', quantity: '1', price: '' })}>
        Add an Item
      </Button>
      {listError && <div className="small text-danger mb-2">{listError}</div>}
      {changed && (
        <p className="small mb-2" data-testid="edit-order-total" aria-live="polite">
          {newTotal === undefined ? (
            'Pricing the changed items…'
          ) : newTotal === order.total ? (
            <>The items changed; the total stays {formatMoney(order.total, order.currency)}.</>
          ) : (
            <>
              The items changed: the new total is <strong>{formatMoney(newTotal, order.currency)}</strong> (was {formatMoney(order.total, order.currency)}).
            </>
          )}
        </p>
      )}
      <h6>Ship to</h6>
      <div className="mb-2">
        <AddressFinder
          name="edit-order"
          onSelect={(a) => {
            for (const key of ['address1', 'address2', 'city', 'state', 'zip'] as const) form.setValue(`shipTo.${key}`, a[key] ?? '', { shouldValidate: true });
          }}
        />
      </div>
      <Row xs={1} sm={2} className="g-2 mb-2">
        {ADDRESS.map(([key, label]) => (
          <Col key={key}>
            <Form.Group controlId={`edit-ship-${key}`}>
              <Form.Label className="small">{label}</Form.Label>
              <Form.Control {...invalidProps(`edit-ship-${key}`, errors.shipTo?.[key])} {...register(`shipTo.${key}`)} />
              <FieldFeedback fieldId={`edit-ship-${key}`} problem={errors.shipTo?.[key]} />
            </Form.Group>
          </Col>
        ))}
      </Row>
      <CarrierAddressCheck
        address={form.watch('shipTo')}
        onApply={(a) => {
          for (const key of ['address1', 'address2', 'city', 'state', 'zip'] as const) form.setValue(`shipTo.${key}`, a[key] ?? '', { shouldValidate: true, shouldDirty: true });
        }}
      />
      {save.error && <ErrorAlert error={save.error} />}
      <div className="d-flex gap-2 justify-content-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel Edit
        </Button>
        {/* Changed lines are saved only once their new total is shown. */}
        <Button type="submit" disabled={save.isPending || (changed && newTotal === undefined)}>
          Save Changes
        </Button>
      </div>
    </Form>
    </FormProvider>
  );
}
