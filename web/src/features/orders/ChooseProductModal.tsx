import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useFieldArray, useForm } from 'react-hook-form';
import * as z from 'zod';
import { formatMoney } from '../../../../shared/domain/format';
import { product } from '../../../../shared/schemas/product';
import { orderItemSchema } from '../../../../shared/schemas/shipping';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Typeahead } from '../../components/Typeahead';
import { type Product, searchProducts, useSellingProducts } from './api';

/** The products chosen and how many of each, by the order's own rule for a quantity. */
const chosenForm = z.object({
  chosen: z.array(z.object({ product, quantity: orderItemSchema.shape.quantity })).min(1),
});
export type ChosenProduct = z.output<typeof chosenForm>['chosen'][number];

const detail = (p: Product) => [p.sku, formatMoney(p.price), p.onSale ? `on sale from ${formatMoney(p.regularPrice)}` : ''].filter(Boolean).join(' · ');

/**
 * Choose Product: find products in the seller's catalogues (or take one from the live-selling list), set how many
 * of each, and hand them to the order. Choosing a product twice adds to its quantity.
 */
export function ChooseProductModal({ onHide, onChoose }: { onHide: () => void; onChoose: (chosen: ChosenProduct[]) => void }) {
  const form = useForm<z.input<typeof chosenForm>, unknown, z.output<typeof chosenForm>>({
    resolver: zodResolver(chosenForm),
    defaultValues: { chosen: [] },
    mode: 'onChange',
  });
  const { control, register, formState, getValues, setValue, handleSubmit } = form;
  const chosen = useFieldArray({ control, name: 'chosen' });
  const selling = useSellingProducts();

  const add = (p: Product) => {
    const at = getValues('chosen').findIndex((c) => c.product.productId === p.productId);
    if (at < 0) chosen.append({ product: p, quantity: 1 });
    else setValue(`chosen.${at}.quantity`, Number(getValues(`chosen.${at}.quantity`)) + 1, { shouldValidate: true });
  };

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
        {chosen.fields.length > 0 && (
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
              {chosen.fields.map(({ id, product }, i) => (
                <tr key={id}>
                  <td>{product.name}</td>
                  <td>{formatMoney(product.price)}</td>
                  <td>
                    <Form.Control
                      type="number"
                      min={1}
                      size="sm"
                      aria-label={`Quantity of ${product.name}`}
                      isInvalid={!!formState.errors.chosen?.[i]?.quantity}
                      {...register(`chosen.${i}.quantity`, { valueAsNumber: true })}
                    />
                  </td>
                  <td>
                    <Button variant="link" size="sm" onClick={() => chosen.remove(i)}>
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
        <Button disabled={!formState.isValid} onClick={handleSubmit((v) => onChoose(v.chosen))}>
          Add to Order
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
