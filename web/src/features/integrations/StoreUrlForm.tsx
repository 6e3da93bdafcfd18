import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { storeUrl } from '../../../../shared/schemas/integrations';

const schema = z.object({ storeUrl });
type StoreUrlInput = z.input<typeof schema>;
type StoreUrlFields = z.output<typeof schema>;

/** WooCommerce is connected by the address of the seller's store (spec section 5: 'Store URL required'). */
export function StoreUrlForm(props: { initial: string | null; label: string; busy: boolean; serverError?: string; onSubmit: (url: string) => void }) {
  const { register, handleSubmit, formState } = useForm<StoreUrlInput, unknown, StoreUrlFields>({
    resolver: zodResolver(schema),
    defaultValues: { storeUrl: props.initial ?? '' },
  });
  const error = formState.errors.storeUrl?.message ?? props.serverError;
  return (
    <Form noValidate onSubmit={handleSubmit((v) => props.onSubmit(v.storeUrl))} className="mt-2">
      <Form.Label htmlFor="woocommerce-store-url" className="small mb-1">
        Store URL
      </Form.Label>
      <InputGroup hasValidation size="sm">
        <Form.Control id="woocommerce-store-url" placeholder="https://shop.example.com" isInvalid={Boolean(error)} {...register('storeUrl')} />
        <Button type="submit" variant="outline-primary" disabled={props.busy}>
          {props.label}
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
