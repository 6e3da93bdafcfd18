import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { Typeahead } from '../../components/Typeahead';
import { api } from '../../lib/api';
import { type Customer, searchCustomers } from '../customers/api';
import { nameOf } from '../customers/format';
import { type Order, orderSchema } from './api';

const ADDRESS = [
  ['address1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
] as const;
type AddressKey = (typeof ADDRESS)[number][0];

/** Spec section 5: a price is non-negative with at most 2 decimals. */
function priceError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter a price.';
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return Number(text) < 0 ? 'Price cannot be negative.' : 'Price can have at most 2 decimals.';
  return undefined;
}

/** New Order for live selling: a customer (found by typeahead or created here), a product, its price, where it ships. */
export function NewOrderModal({ onHide, onSaved }: { onHide: () => void; onSaved: (o: Order) => void }) {
  const client = useQueryClient();
  const [customer, setCustomer] = useState<Pick<Customer, 'customerID' | 'firstName' | 'lastName'>>();
  const [creating, setCreating] = useState(false);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [product, setProduct] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [price, setPrice] = useState('');
  const [address, setAddress] = useState<Record<AddressKey, string>>({ address1: '', city: '', state: '', zip: '' });
  const [touched, setTouched] = useState(false);
  const invalidPrice = priceError(price);

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
            items: [{ name: product, quantity, price: Number(price) }],
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

  return (
    <Modal show onHide={onHide} size="lg">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!invalidPrice && product.trim() && (customer || (first.trim() && last.trim()))) save.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title>New Order</Modal.Title>
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
          <h6>Product</h6>
          <Row className="g-2 mb-2">
            <Col sm={6}>
              <Form.Group controlId="order-product">
                <Form.Label className="small">Product</Form.Label>
                <Form.Control value={product} onChange={(e) => setProduct(e.target.value)} isInvalid={touched && !product.trim()} />
                <Form.Control.Feedback type="invalid">Choose a product.</Form.Control.Feedback>
              </Form.Group>
            </Col>
            <Col xs={6} sm={3}>
              <Form.Group controlId="order-quantity">
                <Form.Label className="small">Quantity</Form.Label>
                <Form.Control type="number" min={1} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} />
              </Form.Group>
            </Col>
            <Col xs={6} sm={3}>
              <Form.Group controlId="order-price">
                <Form.Label className="small">Price</Form.Label>
                <Form.Control inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} isInvalid={touched && Boolean(invalidPrice)} />
                <Form.Control.Feedback type="invalid">{invalidPrice}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          </Row>
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
