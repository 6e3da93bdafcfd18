import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { type Platform, storeAddressProblem, typedStoreAddress } from '../../../../shared/domain/platforms';
import { storeUrl } from '../../../../shared/schemas/integrations';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const PLACEHOLDER: Partial<Record<Platform, string>> = { shopify: 'your-store.myshopify.com', woocommerce: 'https://shop.example.com' };

/** The store's address, checked as the server checks it: any store's public address, and for Shopify its shop's. */
const schemaFor = (platform: Platform) =>
  z.object({
    storeUrl: z.preprocess(
      (typed) => (typeof typed === 'string' ? typedStoreAddress(platform, typed) : typed),
      storeUrl.superRefine((url, ctx) => {
        const problem = storeAddressProblem(platform, url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  });
type StoreUrlInput = z.input<ReturnType<typeof schemaFor>>;
type StoreUrlFields = z.output<ReturnType<typeof schemaFor>>;

/**
 * WooCommerce and Shopify are connected by the address of the seller's store (spec section 5: 'Store URL
 * required'); Shopify's must be the shop's myshopify.com address.
 */
export function StoreUrlForm(props: {
  platform: Platform;
  initial: string | null;
  label: string;
  busy: boolean;
  serverError?: string;
  onSubmit: (url: string) => void;
}) {
  const { register, handleSubmit, formState } = useForm<StoreUrlInput, unknown, StoreUrlFields>({
    resolver: zodResolver(schemaFor(props.platform)),
    defaultValues: { storeUrl: props.initial ?? '' },
  });
  const error = formState.errors.storeUrl?.message ?? props.serverError;
  const id = `${props.platform}-store-url`;
  return (
    <Form noValidate onSubmit={handleSubmit((v) => props.onSubmit(v.storeUrl))} className="mt-2">
      <Form.Label htmlFor={id} className="small mb-1">
        Store URL
      </Form.Label>
      <InputGroup hasValidation size="sm">
        <Form.Control id={id} placeholder={PLACEHOLDER[props.platform]} {...invalidProps(id, error)} {...register('storeUrl')} />
        <Button type="submit" variant="outline-primary" disabled={props.busy}>
          {props.label}
        </Button>
        <FieldFeedback fieldId={id} problem={error} />
      </InputGroup>
    </Form>
  );
}
