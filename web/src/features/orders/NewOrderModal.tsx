import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { orderSaveBody } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { Typeahead } from '../../components/Typeahead';
import { api } from '../../lib/api';
import { type Customer, searchCustomers } from '../customers/api';
import { nameOf } from '../customers/format';
import { type ChosenProduct, ChooseProductModal } from '../products/ChooseProductModal';
import { type Order, orderSchema } from './api';

const ADDRESS = [
  ['address1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
] as const;
type AddressKey = (typeof ADDRESS)[number][0];

/** A line of the order as typed: quantity and price stay text until the shared schema reads them. */
interface Line {
  key: string;
  name: string;
  sku?: string;
  quantity: string;
  price: string;
}

const asNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
const itemsOf = (lines: readonly Line[]) =>
  lines.map((l) => ({ name: l.name, sku: l.sku, quantity: asNumber(l.quantity), price: asNumber(l.price) }));

/** The order's items checked by the server's own schema (spec section 5: price non-negative, 2 decimals). */
function lineErrors(lines: readonly Line[]): Record<string, string> {
  const result = orderSaveBody.shape.items.safeParse(itemsOf(lines));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const fromProduct = ({ product, quantity }: ChosenProduct): Line => ({
  key: crypto.randomUUID(),
  name: product.name,
  sku: product.sku ?? undefined,
  quantity: String(quantity),
  price: product.price.toFixed(2),
});

/**
 * New Order for live selling: a customer (found by typeahead or created here), products chosen from the catalogue
 * (Choose Product) or typed, their quantities and prices, where it ships. Choose Product takes this dialog's place
 * while it is open, so the two never stack.
 */
export function NewOrderModal({ onHide, onSaved }: { onHide: () => void; onSaved: (o: Order) => void }) {
  const client = useQueryClient();
  const [customer, setCustomer] = useState<Pick<Customer, 'customerID' | 'firstName' | 'lastName'>>();
  const [creating, setCreating] = useState(false);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [choosing, setChoosing] = useState(false);
  const [address, setAddress] = useState<Record<AddressKey, string>>({ address1: '', city: '', state: '', zip: '' });
  const [touched, setTouched] = useState(false);
  const errors = lineErrors(lines);
  const setLine = (key: string, patch: Partial<Line>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const total = lines.reduce((sum, l) => sum + (Number(l.quantity) || 0) * (Number(l.price) || 0), 0);

  const save = useMutation({
    mutationFn: async () => {
      let chosen = customer;
      if (!chosen) {
        chosen = await api('customers.save', { body: { firstName: first, lastName: last, country: 'US' } }, z.object({ customerID: z.string(), firstName: z.string(), lastName: z.string() }));
        setCustomer(chosen);
      }
      const hasAddress = Object.values(address).some((v) => v.trim());
      return api(
        'orders.save',
        {
          body: {
            customerId: chosen.customerID,
            items: orderSaveBody.shape.items.parse(itemsOf(lines)),
            shipTo: hasAddress ? { name: nameOf(chosen), ...address, country: 'US' } : undefined,
          },
        },
        orderSchema,
      );
    },
    onSuccess: (o) => {
      void client.invalidateQueries({ queryKey: ['orders'] });
      onSaved(o);
    },
  });

  if (choosing) {
    return (
      <ChooseProductModal
        onHide={() => setChoosing(false)}
        onChoose={(chosen) => {
          setLines((all) => [...all, ...chosen.map(fromProduct)]);
          setChoosing(false);
        }}
      />
    );
  }

  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="new-order-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (Object.keys(errors).length === 0 && (customer || (first.trim() && last.trim()))) save.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="new-order-title">New Order</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <h6>Customer</h6>
          {customer ? (
            <p data-testid="order-customer">
              {nameOf(customer)}{' '}
              <Button variant="link" size="sm" onClick={() => setCustomer(undefined)}>
                Change
              </Button>
            </p>
          ) : creating ? (
            <Row className="g-2 mb-2">
              <Col sm>
                <Form.Group controlId="new-first">
                  <Form.Label className="small">First name</Form.Label>
                  <Form.Control value={first} onChange={(e) => setFirst(e.target.value)} isInvalid={touched && !first.trim()} />
                  <Form.Control.Feedback type="invalid">First name is required.</Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col sm>
                <Form.Group controlId="new-last">
                  <Form.Label className="small">Last name</Form.Label>
                  <Form.Control value={last} onChange={(e) => setLast(e.target.value)} isInvalid={touched && !last.trim()} />
                  <Form.Control.Feedback type="invalid">Last name is required.</Form.Control.Feedback>
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
                onSelect={setCustomer}
              />
              <Button variant="link" size="sm" className="px-0" onClick={() => setCreating(true)}>
                New customer
              </Button>
              {touched && <div className="small text-danger">Choose a customer or add a new one.</div>}
            </div>
          )}
          <h6>Products</h6>
          {lines.map((line, i) => (
            <Row key={line.key} className="g-2 mb-2 align-items-end" data-testid="order-line">
              <Col sm={6}>
                <Form.Group controlId={`line-${line.key}-name`}>
                  <Form.Label className="small">Product</Form.Label>
                  <Form.Control value={line.name} onChange={(e) => setLine(line.key, { name: e.target.value, sku: undefined })} isInvalid={touched && Boolean(errors[`${i}.name`])} />
                  <Form.Control.Feedback type="invalid">{errors[`${i}.name`]}</Form.Control.Feedback>
                  {line.sku && <Form.Text>SKU {line.sku}</Form.Text>}
                </Form.Group>
              </Col>
              <Col xs={4} sm={2}>
                <Form.Group controlId={`line-${line.key}-quantity`}>
                  <Form.Label className="small">Quantity</Form.Label>
                  <Form.Control type="number" min={1} value={line.quantity} onChange={(e) => setLine(line.key, { quantity: e.target.value })} isInvalid={touched && Boolean(errors[`${i}.quantity`])} />
                  <Form.Control.Feedback type="invalid">{errors[`${i}.quantity`]}</Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col xs={5} sm={3}>
                <Form.Group controlId={`line-${line.key}-price`}>
                  <Form.Label className="small">Price</Form.Label>
                  <Form.Control inputMode="decimal" value={line.price} onChange={(e) => setLine(line.key, { price: e.target.value })} isInvalid={touched && Boolean(errors[`${i}.price`])} />
                  <Form.Control.Feedback type="invalid">{errors[`${i}.price`]}</Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col xs={3} sm={1}>
                <Button variant="link" size="sm" className="px-0" onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}>
                  Remove
                </Button>
              </Col>
            </Row>
          ))}
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <Button variant="outline-primary" size="sm" onClick={() => setChoosing(true)}>
              Choose Product
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => setLines((all) => [...all, { key: crypto.randomUUID(), name: '', quantity: '1', price: '' }])}>
              Type a Product
            </Button>
            {lines.length > 0 && <span className="ms-auto small" data-testid="order-subtotal">Subtotal {formatMoney(total)}</span>}
          </div>
          {touched && errors[''] && <div className="small text-danger mb-2">{errors['']}</div>}
          <h6>Ship to</h6>
          <Row xs={1} sm={2} className="g-2">
            {ADDRESS.map(([key, label]) => (
              <Col key={key}>
                <Form.Group controlId={`ship-${key}`}>
                  <Form.Label className="small">{label}</Form.Label>
                  <Form.Control value={address[key]} onChange={(e) => setAddress({ ...address, [key]: e.target.value })} />
                </Form.Group>
              </Col>
            ))}
          </Row>
          {save.error && <ErrorAlert error={save.error} />}
        </Modal.Body>
        <ModalActions onCancel={onHide} busy={save.isPending}>
          Save Order
        </ModalActions>
      </Form>
    </Modal>
  );
}
