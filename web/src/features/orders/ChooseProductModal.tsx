import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
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
import { useWideLayout } from '../../lib/useMediaQuery';
import { type Product, searchProducts, useSellingProducts } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

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
  // A card per product below 992 px so nothing scrolls sideways at 375 px; one layout at a time so each quantity
  // input (registered with the form) exists once.
  const wide = useWideLayout();
  const quantity = (name: string, i: number) => (
    <>
      <Form.Control
        type="number"
        min={1}
        size="sm"
        aria-label={`Quantity of ${name}`}
        {...invalidProps(`choose-quantity-${i}`, formState.errors.chosen?.[i]?.quantity)}
        {...register(`chosen.${i}.quantity`, { valueAsNumber: true })}
      />
      <FieldFeedback fieldId={`choose-quantity-${i}`} problem={formState.errors.chosen?.[i]?.quantity} />
    </>
  );
  const remove = (i: number) => (
    <Button variant="link" size="sm" onClick={() => chosen.remove(i)}>
      Remove
    </Button>
  );

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
          wide ? (
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
                    <td>{quantity(product.name, i)}</td>
                    <td>{remove(i)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <ul className="list-unstyled d-grid gap-2 mt-3" aria-label="Chosen products" data-testid="chosen-products">
              {chosen.fields.map(({ id, product }, i) => (
                <li key={id}>
                  <Card className="shadow-sm">
                    <Card.Body className="py-2">
                      <div className="d-flex justify-content-between gap-2">
                        <span className="text-break">{product.name}</span>
                        <span>{formatMoney(product.price)}</span>
                      </div>
                      <div className="d-flex align-items-center gap-2 mt-1">
                        <span className="small text-body-secondary">Quantity</span>
                        <div style={{ width: '6rem' }}>{quantity(product.name, i)}</div>
                        <div className="ms-auto">{remove(i)}</div>
                      </div>
                    </Card.Body>
                  </Card>
                </li>
              ))}
            </ul>
          )
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
