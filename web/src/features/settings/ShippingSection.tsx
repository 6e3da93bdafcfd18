import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { SERVICE_NAMES, SERVICES } from '../../../../shared/schemas/shipping';
import { LABEL_FORMATS, shippingSection } from '../../../../shared/schemas/settings';
import type { SettingsAnswer } from './api';
import { Field, SettingsForm } from './SettingsForm';

const DIMENSIONS = [
  ['weightOz', 'Weight (oz)'],
  ['lengthIn', 'Length (in)'],
  ['widthIn', 'Width (in)'],
  ['heightIn', 'Height (in)'],
] as const;

/** #shipping: the service, parcel and label format New Order and Batch Purchase start from. */
export function ShippingSection({ settings }: { settings: SettingsAnswer }) {
  const s = settings.shipping;
  return (
    <SettingsForm
      title="Shipping"
      testId="settings-shipping"
      schema={shippingSection}
      defaults={{ shipping: { defaultService: s.defaultService, labelFormat: s.labelFormat, parcel: s.parcel ?? { weightOz: 8, lengthIn: 10, widthIn: 8, heightIn: 4 } } }}
      toBody={(v) => v}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Row>
            <Col sm={6}>
              <Field id="settings-service" label="Default service" error={errors.shipping?.defaultService?.message}>
                {(invalid) => (
                  <Form.Select {...register('shipping.defaultService', { setValueAs: (v) => (v === '' ? undefined : v) })} {...invalid}>
                    <option value="">Cheapest at the time</option>
                    {SERVICES.map((code) => (
                      <option key={code} value={code}>
                        {SERVICE_NAMES[code]}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </Field>
            </Col>
            <Col sm={6}>
              <Field id="settings-label-format" label="Label format" error={errors.shipping?.labelFormat?.message}>
                {(invalid) => (
                  <Form.Select {...register('shipping.labelFormat')} {...invalid}>
                    {LABEL_FORMATS.map((f) => (
                      <option key={f} value={f}>
                        {f === '4x6' ? '4x6 label printer' : 'Letter paper (8.5x11)'}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </Field>
            </Col>
          </Row>
          <h3 className="h6">Default parcel</h3>
          <Row>
            {DIMENSIONS.map(([name, label]) => (
              <Col xs={6} sm={3} key={name}>
                <Field id={`settings-parcel-${name}`} label={label} error={errors.shipping?.parcel?.[name]?.message}>
                  {(invalid) => <Form.Control type="number" step="any" min={0} {...register(`shipping.parcel.${name}`, { valueAsNumber: true })} {...invalid} />}
                </Field>
              </Col>
            ))}
          </Row>
        </>
      )}
    </SettingsForm>
  );
}
