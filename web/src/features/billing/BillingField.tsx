import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { BillingForm as BillingValues, billingFormFields } from '../../../../shared/schemas/billing';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

export type BillingFormApi = UseFormReturn<BillingValues, unknown, z.output<typeof billingFormFields>>;

interface FieldProps {
  form: BillingFormApi;
  /** Ids are per layout: the shipping dialog can be open over a page with another layout. */
  idPrefix: string;
  name: FieldPath<BillingValues>;
  label: string;
  /** A select's options; a text input without them. */
  options?: ReactNode;
  inputMode?: 'numeric';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}

/** One labelled input or select of the billing form, with its rule's message under it. */
export function BillingField({ form, idPrefix, name, label, options, ...input }: FieldProps) {
  const error = form.formState.errors[name]?.message;
  return (
    <Form.Group className="mb-3" controlId={`${idPrefix}-${name}`}>
      <Form.Label>{label}</Form.Label>
      {options ? (
        <Form.Select {...form.register(name)} {...invalidProps(`${idPrefix}-${name}`, error)}>
          {options}
        </Form.Select>
      ) : (
        <Form.Control {...form.register(name)} {...invalidProps(`${idPrefix}-${name}`, error)} {...input} />
      )}
      <FieldFeedback fieldId={`${idPrefix}-${name}`} problem={error} />
    </Form.Group>
  );
}
