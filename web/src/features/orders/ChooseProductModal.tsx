import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { formatMoney } from '../../../../shared/domain/format';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Typeahead } from '../../components/Typeahead';
import { type Product, searchProducts, useSellingProducts } from './api';

export interface ChosenProduct {
  product: Product;
  quantity: number;
}

const detail = (p: Product) => [p.sku, formatMoney(p.price), p.onSale ? `on sale from ${formatMoney(p.regularPrice)}` : ''].filter(Boolean).join(' · ');

/**
 * Choose Product: find products in the seller's catalogues (or take one from the live-selling list), set how many
 * of each, and hand them to the order. Choosing a product twice adds to its quantity.
 */
export function ChooseProductModal({ onHide, onChoose }: { onHide: () => void; onChoose: (chosen: ChosenProduct[]) => void }) {
  const [chosen, setChosen] = useState<ChosenProduct[]>([]);
  const selling = useSellingProducts();

  const add = (product: Product) =>
    setChosen((list) =>
      list.some((c) => c.product.productId === product.productId)
        ? list.map((c) => (c.product.productId === product.productId ? { ...c, quantity: c.quantity + 1 } : c))
        : [...list, { product, quantity: 1 }],
    );
  const setQuantity = (productId: string, quantity: number) =>
    setChosen((list) => list.map((c) => (c.product.productId === productId ? { ...c, quantity } : c)));
  const valid = chosen.length > 0 && chosen.every((c) => Number.isInteger(c.quantity) && c.quantity >= 1);

  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="choose-product-title">
      <Modal.Header closeButton>
        <Modal.Title id="choose-product-title">Choose Product</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Typeahead
          name="product"
          label="Search products"
          placeholder="Name or SKU, at least 2 characters"
          search={searchProducts}
          optionKey={(p) => p.productId}
          optionLabel={(p) => p.name}
          optionDetail={detail}
          onSelect={add}
        />
        {selling.error && <ErrorAlert error={selling.error} />}
        {selling.data && selling.data.length > 0 && (
          <>
            <h6 className="mt-3">Selling now</h6>
            <ListGroup horizontal="md" className="flex-wrap" data-testid="selling-products">
              {selling.data.map((p) => (
                <ListGroup.Item key={p.productId} action onClick={() => add(p)} className="small">
                  {p.name} <span className="text-body-secondary">{formatMoney(p.price)}</span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </>
        )}
        {chosen.length > 0 && (
          <Table size="sm" className="mt-3 align-middle" data-testid="chosen-products">
            <thead>
              <tr>
                <th>Product</th>
                <th>Price</th>
                <th style={{ width: '7rem' }}>Quantity</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {chosen.map(({ product, quantity }) => (
                <tr key={product.productId}>
                  <td>{product.name}</td>
                  <td>{formatMoney(product.price)}</td>
                  <td>
                    <Form.Control
                      type="number"
                      min={1}
                      size="sm"
                      aria-label={`Quantity of ${product.name}`}
                      value={quantity}
                      isInvalid={!(Number.isInteger(quantity) && quantity >= 1)}
                      onChange={(e) => setQuantity(product.productId, Number(e.target.value))}
                    />
                  </td>
                  <td>
                    <Button variant="link" size="sm" onClick={() => setChosen((list) => list.filter((c) => c.product.productId !== product.productId))}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button disabled={!valid} onClick={() => onChoose(chosen)}>
          Add to Order
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
