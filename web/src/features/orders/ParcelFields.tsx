import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import type { parcelSchema } from '../../../../shared/schemas/shipping';

export type ParcelInput = z.input<typeof parcelSchema>;
export const DEFAULT_PARCEL = { weightOz: 16, lengthIn: 10, widthIn: 8, heightIn: 4 } satisfies ParcelInput;

const FIELDS = [
  ['weightOz', 'Weight (oz)'],
  ['lengthIn', 'Length (in)'],
  ['widthIn', 'Width (in)'],
  ['heightIn', 'Height (in)'],
] as const;

/** Weight and dimensions of a parcel, shared by quote, label and batch dialogs: the `parcel` of the form around it. */
export function ParcelFields({ onChange }: { onChange?: () => void }) {
  const { register, formState } = useFormContext<{ parcel: ParcelInput }>();
  const errors = formState.errors.parcel;
  return (
    <Row xs={2} md={4} className="g-2 mb-2">
      {FIELDS.map(([key, label]) => (
        <Col key={key}>
          <Form.Group controlId={`parcel-${key}`}>
            <Form.Label className="small">{label}</Form.Label>
            <Form.Control type="number" min={0} step="any" isInvalid={!!errors?.[key]} {...register(`parcel.${key}`, { valueAsNumber: true, onChange })} />
            <Form.Control.Feedback type="invalid">{errors?.[key]?.message}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      ))}
    </Row>
  );
}
