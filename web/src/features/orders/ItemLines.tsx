import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

/** An order's line as typed: quantity and price stay text until the order's own item rules read them. */
export interface ItemLineInput {
  name: string;
  sku?: string;
  productId?: string;
  quantity: string;
  price: string;
}

type LineField = 'name' | 'quantity' | 'price';

/**
 * The product, quantity and price of each line of an order, with Remove: the `items` of the form around it (New
 * Order and Edit Order). `error` says what is wrong with a field (the form's errors, or a rule checked as typed);
 * `extra` adds what a line shows under its product (its SKU, its discount); `onNameChange` runs as the product is
 * typed (a typed name is no longer the catalogue's product).
 */
export function ItemLines({
  fields,
  idPrefix,
  testId,
  error,
  onRemove,
  onNameChange,
  extra,
}: {
  fields: readonly { id: string }[];
  idPrefix: string;
  testId: string;
  error: (index: number, field: LineField) => string | undefined;
  onRemove: (index: number) => void;
  onNameChange?: (index: number) => void;
  extra?: (index: number) => ReactNode;
}) {
  const { register } = useFormContext<{ items: ItemLineInput[] }>();
  const control = (i: number, field: LineField, id: string, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`${idPrefix}-${id}-${field}`}>
      <Form.Label className="small">{label}</Form.Label>
      <Form.Control
        {...invalidProps(`${idPrefix}-${id}-${field}`, error(i, field))}
        {...props}
        {...register(`items.${i}.${field}`, field === 'name' && onNameChange ? { onChange: () => onNameChange(i) } : {})}
      />
      <FieldFeedback fieldId={`${idPrefix}-${id}-${field}`} problem={error(i, field)} />
      {field === 'name' && extra?.(i)}
    </Form.Group>
  );
  return fields.map((line, i) => (
    <Row key={line.id} className="g-2 mb-2 align-items-end" data-testid={testId}>
      <Col xs={12} sm={6}>
        {control(i, 'name', line.id, 'Product')}
      </Col>
      <Col xs={4} sm={2}>
        {control(i, 'quantity', line.id, 'Quantity', { type: 'number', min: 1 })}
      </Col>
      <Col xs={5} sm={3}>
        {control(i, 'price', line.id, 'Price', { inputMode: 'decimal' })}
      </Col>
      <Col xs={3} sm={1}>
        <Button variant="link" size="sm" className="px-0" onClick={() => onRemove(i)}>
          Remove
        </Button>
      </Col>
    </Row>
  ));
}
