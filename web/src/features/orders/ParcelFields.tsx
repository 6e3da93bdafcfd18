import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

export interface ParcelInput {
  weightOz: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}
export const DEFAULT_PARCEL: ParcelInput = { weightOz: 16, lengthIn: 10, widthIn: 8, heightIn: 4 };

const FIELDS = [
  ['weightOz', 'Weight (oz)'],
  ['lengthIn', 'Length (in)'],
  ['widthIn', 'Width (in)'],
  ['heightIn', 'Height (in)'],
] as const;

/** Weight and dimensions of a parcel, shared by quote, label and batch dialogs. */
export function ParcelFields({ value, onChange }: { value: ParcelInput; onChange: (p: ParcelInput) => void }) {
  return (
    <Row xs={2} md={4} className="g-2 mb-2">
      {FIELDS.map(([key, label]) => (
        <Col key={key}>
          <Form.Group controlId={`parcel-${key}`}>
            <Form.Label className="small">{label}</Form.Label>
            <Form.Control type="number" min={0} step="any" value={value[key]} onChange={(e) => onChange({ ...value, [key]: Number(e.target.value) })} />
          </Form.Group>
        </Col>
      ))}
    </Row>
  );
}
