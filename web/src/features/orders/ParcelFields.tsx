import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import type { parcelSchema } from '../../../../shared/schemas/shipping';
import { useShippingDefaults } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

export type ParcelInput = z.input<typeof parcelSchema>;
export const DEFAULT_PARCEL = { weightOz: 16, lengthIn: 10, widthIn: 8, heightIn: 4 } satisfies ParcelInput;

const FIELDS = [
  ['weightOz', 'Weight (oz)'],
  ['lengthIn', 'Length (in)'],
  ['widthIn', 'Width (in)'],
  ['heightIn', 'Height (in)'],
] as const;

/**
 * Weight and dimensions of a parcel, shared by quote, label and batch dialogs: the `parcel` of the form around it.
 * They start from the seller's default parcel (/settings#shipping) once it is read, each field the seller has not
 * changed yet; `ownWeightOz`, an order's own weight, wins over the default's.
 */
export function ParcelFields({ onChange, ownWeightOz }: { onChange?: () => void; ownWeightOz?: number | null }) {
  const { register, formState, getFieldState, resetField } = useFormContext<{ parcel: ParcelInput }>();
  const errors = formState.errors.parcel;
  const saved = useShippingDefaults().data?.parcel;
  useEffect(() => {
    if (!saved) return;
    for (const [key] of FIELDS) {
      if (key === 'weightOz' && ownWeightOz) continue;
      if (!getFieldState(`parcel.${key}`).isDirty) resetField(`parcel.${key}`, { defaultValue: saved[key] });
    }
  }, [saved, ownWeightOz, getFieldState, resetField]);
  return (
    <Row xs={2} md={4} className="g-2 mb-2">
      {FIELDS.map(([key, label]) => (
        <Col key={key}>
          <Form.Group controlId={`parcel-${key}`}>
            <Form.Label className="small">{label}</Form.Label>
            <Form.Control type="number" min={0} step="any" {...invalidProps(`parcel-${key}`, errors?.[key])} {...register(`parcel.${key}`, { valueAsNumber: true, onChange })} />
            <FieldFeedback fieldId={`parcel-${key}`} problem={errors?.[key]} />
          </Form.Group>
        </Col>
      ))}
    </Row>
  );
}
