import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { type PathValue, useForm } from 'react-hook-form';
import * as z from 'zod';
import { DISCOUNT_TYPE, type DiscountItem, type DiscountType } from '../../../../shared/domain/discounts';
import { discountFields, discountItem } from '../../../../shared/schemas/discount';
import type { Product } from '../../../../shared/schemas/product';
import { type SavedDiscount, searchDiscountProducts, useSaveDiscount } from '../../lib/discounts';
import { setServerErrors } from '../../lib/form';
import { ErrorAlert } from '../ErrorAlert';
import { ModalActions } from '../ModalActions';
import { Typeahead } from '../Typeahead';
import { FieldFeedback, invalidProps } from '../FieldFeedback';

/** Text typed into a number field: empty or unreadable reads as 0, which the rules answer in the spec's words. */
const numberOf = (text: string) => {
  const n = Number(text.trim());
  return text.trim() && Number.isFinite(n) ? n : 0;
};

/**
 * The form as typed (amounts and quantities stay text), turned into a discount and checked by the same schema the
 * server checks (spec section 5), so every message shows at its field before anything is sent.
 */
const discountForm = z
  .object({
    name: z.string(),
    type: z.number(),
    isPercent: z.boolean(),
    amount: z.string(),
    continuous: z.boolean(),
    livestream: z.boolean(),
    startDate: z.string(),
    endDate: z.string(),
    items: z.array(discountItem),
    itemsBogo: z.array(discountItem),
    itemsDiscountAmount: z.string(),
    itemsDiscountBogoAmount: z.string(),
  })
  .transform((v, ctx) => {
    const checked = discountFields.safeParse({
      ...v,
      amount: numberOf(v.amount),
      itemsDiscountAmount: v.type === DISCOUNT_TYPE.product ? 0 : numberOf(v.itemsDiscountAmount),
      itemsDiscountBogoAmount: v.type === DISCOUNT_TYPE.bogo ? numberOf(v.itemsDiscountBogoAmount) : 0,
      itemsBogo: v.type === DISCOUNT_TYPE.bogo ? v.itemsBogo : [],
      startDate: v.continuous ? null : v.startDate.trim() || null,
      endDate: v.continuous ? null : v.endDate.trim() || null,
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
type FormValues = z.input<typeof discountForm>;

const KINDS: { type: DiscountType; label: string }[] = [
  { type: DISCOUNT_TYPE.exact, label: 'Exact quantity' },
  { type: DISCOUNT_TYPE.minimum, label: 'Minimum quantity' },
  { type: DISCOUNT_TYPE.bogo, label: 'Buy one get one' },
];

const QUANTITY_LABEL: Partial<Record<number, string>> = {
  [DISCOUNT_TYPE.condition]: 'Quantity',
  [DISCOUNT_TYPE.exact]: 'Exact quantity',
  [DISCOUNT_TYPE.minimum]: 'Minimum quantity',
  [DISCOUNT_TYPE.bogo]: 'Quantity to buy',
};

function defaultsOf(d?: SavedDiscount): FormValues {
  return {
    name: d?.name ?? '',
    type: d?.type ?? DISCOUNT_TYPE.product,
    isPercent: d?.isPercent ?? true,
    amount: d ? String(d.amount) : '',
    continuous: d?.continuous ?? false,
    livestream: d?.livestream ?? false,
    startDate: d?.startDate ?? '',
    endDate: d?.endDate ?? '',
    items: d?.items ?? [],
    itemsBogo: d?.itemsBogo ?? [],
    itemsDiscountAmount: d?.itemsDiscountAmount ? String(d.itemsDiscountAmount) : '',
    itemsDiscountBogoAmount: d?.itemsDiscountBogoAmount ? String(d.itemsDiscountBogoAmount) : '',
  };
}

const asItem = (p: Product): DiscountItem => ({ id: p.productId, name: p.name, description: p.description ?? undefined });

/** A list of catalogue items: found by typeahead, each removable; its rule's message under it. */
function ItemList(props: { name: string; label: string; help?: string; items: DiscountItem[]; error?: string; onChange: (items: DiscountItem[]) => void }) {
  const { name, label, help, items, error, onChange } = props;
  return (
    <Form.Group className="mb-3" data-testid={`discount-${name}`}>
      <Typeahead
        name={`discount-${name}`}
        label={label}
        placeholder="Product name or SKU"
        search={searchDiscountProducts}
        optionKey={(p) => p.productId}
        optionLabel={(p) => p.name}
        optionDetail={(p) => p.sku ?? undefined}
        onSelect={(p) => onChange([...items, asItem(p)])}
      />
      {help && <Form.Text>{help}</Form.Text>}
      {items.length > 0 && (
        <ListGroup className="mt-2">
          {items.map((item, i) => (
            <ListGroup.Item key={`${item.id}#${items.slice(0, i).filter((x) => x.id === item.id).length}`} className="d-flex justify-content-between align-items-center py-1 small">
              <span>{item.name}</span>
              <Button variant="link" size="sm" aria-label={`Remove ${item.name}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {error && <div className="small text-danger mt-1">{error}</div>}
    </Form.Group>
  );
}

/**
 * Add Discount (spec sections 2-5): an Item/Product discount, or a Quantity one (exact, minimum, buy one get one).
 * Switching the type clears the item lists; Continuous disables and clears the dates; a livestream discount is
 * always continuous. Editing a saved discount is the same form filled in.
 */
export function DiscountModal({ discount, onHide, onSaved }: { discount?: SavedDiscount; onHide: () => void; onSaved?: (d: SavedDiscount) => void }) {
  const form = useForm<FormValues, unknown, z.output<typeof discountForm>>({ resolver: zodResolver(discountForm), defaultValues: defaultsOf(discount) });
  const { register, handleSubmit, setValue, watch, setError, trigger, formState } = form;
  const errors = formState.errors;
  const save = useSaveDiscount();
  const type = watch('type');
  const isPercent = watch('isPercent');
  const continuous = watch('continuous');
  const livestream = watch('livestream');
  const items = watch('items');
  const itemsBogo = watch('itemsBogo');
  const quantityKind = type !== DISCOUNT_TYPE.product;
  // Once the seller has tried to save, a change made here (type, lists, checkboxes) checks the whole form again:
  // the rules tie fields together, so one change can add or clear a message at another field.
  const set = <K extends 'type' | 'isPercent' | 'continuous' | 'livestream' | 'startDate' | 'endDate' | 'items' | 'itemsBogo'>(field: K, value: FormValues[K]) => {
    setValue(field, value as PathValue<FormValues, K>);
    if (formState.isSubmitted) void trigger();
  };

  const switchType = (next: number) => {
    set('type', next);
    set('items', []);
    set('itemsBogo', []);
  };
  const clearDates = () => {
    set('startDate', '');
    set('endDate', '');
  };

  const submit = handleSubmit((values) =>
    save.mutate(
      { ...values, discountId: discount?.discountId },
      {
        onSuccess: (saved) => (onSaved ? onSaved(saved) : onHide()),
        onError: (err) => setServerErrors(err, setError),
      },
    ),
  );
  const listMessage = (e: { message?: string; root?: { message?: string } } | undefined) => e?.message ?? e?.root?.message;
  const title = discount ? 'Edit Discount' : 'Add Discount';

  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="discount-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="discount-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="discount-name">
            <Form.Label>Discount name</Form.Label>
            <Form.Control maxLength={40} {...invalidProps('discount-name', errors.name)} {...register('name')} />
            <FieldFeedback fieldId="discount-name" problem={errors.name} />
          </Form.Group>

          <fieldset className="mb-3">
            <legend className="form-label fs-6">Discount type</legend>
            <Form.Check inline type="radio" id="discount-type-product" label="Item/Product" checked={!quantityKind} onChange={() => switchType(DISCOUNT_TYPE.product)} />
            <Form.Check inline type="radio" id="discount-type-quantity" label="Quantity" checked={quantityKind} onChange={() => switchType(DISCOUNT_TYPE.condition)} />
            {quantityKind && (
              <Form.Group controlId="discount-kind" className="mt-2">
                <Form.Label className="small">Quantity discount</Form.Label>
                <Form.Select value={type} {...invalidProps('discount-kind', errors.type)} onChange={(e) => switchType(Number(e.target.value))}>
                  <option value={DISCOUNT_TYPE.condition}>Choose...</option>
                  {KINDS.map((k) => (
                    <option key={k.type} value={k.type}>
                      {k.label}
                    </option>
                  ))}
                </Form.Select>
                <FieldFeedback fieldId="discount-kind" problem={errors.type} />
              </Form.Group>
            )}
          </fieldset>

          <Row className="g-2 mb-3">
            <Col xs={12} sm={6}>
              <Form.Group controlId="discount-amount">
                <Form.Label>Amount</Form.Label>
                <InputGroup hasValidation>
                  <Form.Control inputMode="decimal" {...invalidProps('discount-amount', errors.amount)} {...register('amount')} />
                  <Form.Select
                    // Its own id: inside the group, the select would take the group's, which the Amount label names.
                    id="discount-amount-unit"
                    aria-label="Amount in"
                    style={{ maxWidth: '6rem' }}
                    value={isPercent ? 'percent' : 'dollars'}
                    onChange={(e) => set('isPercent', e.target.value === 'percent')}
                  >
                    <option value="percent">%</option>
                    <option value="dollars">$</option>
                  </Form.Select>
                  <FieldFeedback fieldId="discount-amount" problem={errors.amount} />
                </InputGroup>
              </Form.Group>
            </Col>
            {quantityKind && (
              <Col xs={6} sm={3}>
                <Form.Group controlId="discount-quantity">
                  <Form.Label>{QUANTITY_LABEL[type] ?? 'Quantity'}</Form.Label>
                  <Form.Control type="number" min={1} {...invalidProps('discount-quantity', errors.itemsDiscountAmount)} {...register('itemsDiscountAmount')} />
                  <FieldFeedback fieldId="discount-quantity" problem={errors.itemsDiscountAmount} />
                </Form.Group>
              </Col>
            )}
            {type === DISCOUNT_TYPE.bogo && (
              <Col xs={6} sm={3}>
                <Form.Group controlId="discount-free-quantity">
                  <Form.Label>Free quantity</Form.Label>
                  <Form.Control type="number" min={1} {...invalidProps('discount-free-quantity', errors.itemsDiscountBogoAmount)} {...register('itemsDiscountBogoAmount')} />
                  <FieldFeedback fieldId="discount-free-quantity" problem={errors.itemsDiscountBogoAmount} />
                </Form.Group>
              </Col>
            )}
          </Row>

          <ItemList
            name="items"
            label={type === DISCOUNT_TYPE.bogo ? 'Items to buy' : 'Items'}
            help={type === DISCOUNT_TYPE.exact || type === DISCOUNT_TYPE.minimum ? 'Leave empty to count every item of the order.' : undefined}
            items={items}
            error={listMessage(errors.items)}
            onChange={(next) => set('items', next)}
          />
          {type === DISCOUNT_TYPE.bogo && (
            <ItemList
              name="itemsBogo"
              label="Free items"
              help="The cheapest of these in the order get the amount off (100% makes them free)."
              items={itemsBogo}
              error={listMessage(errors.itemsBogo)}
              onChange={(next) => set('itemsBogo', next)}
            />
          )}

          <div className="d-flex flex-wrap gap-3 mb-2">
            <Form.Check
              type="checkbox"
              id="discount-livestream"
              label="Livestream discount"
              checked={livestream}
              onChange={(e) => {
                set('livestream', e.target.checked);
                if (e.target.checked) {
                  set('continuous', true);
                  clearDates();
                }
              }}
            />
            <Form.Check
              type="checkbox"
              id="discount-continuous"
              label="Continuous"
              checked={continuous}
              disabled={livestream}
              {...invalidProps('discount-continuous', errors.continuous)}
              onChange={(e) => {
                set('continuous', e.target.checked);
                if (e.target.checked) clearDates();
              }}
            />
          </div>
          <FieldFeedback fieldId="discount-continuous" problem={errors.continuous} />
          <Row className="g-2">
            <Col xs={6}>
              <Form.Group controlId="discount-start">
                <Form.Label>Start date</Form.Label>
                <Form.Control placeholder="MM/DD/YYYY" maxLength={10} disabled={continuous} {...invalidProps('discount-start', errors.startDate)} {...register('startDate')} />
                <FieldFeedback fieldId="discount-start" problem={errors.startDate} />
              </Form.Group>
            </Col>
            <Col xs={6}>
              <Form.Group controlId="discount-end">
                <Form.Label>End date</Form.Label>
                <Form.Control placeholder="MM/DD/YYYY" maxLength={10} disabled={continuous} {...invalidProps('discount-end', errors.endDate)} {...register('endDate')} />
                <FieldFeedback fieldId="discount-end" problem={errors.endDate} />
              </Form.Group>
            </Col>
          </Row>
          {save.error && <ErrorAlert error={save.error} />}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={save.isPending}>
          Save Discount
        </ModalActions>
      </Form>
    </Modal>
  );
}
