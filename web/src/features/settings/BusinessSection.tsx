import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { businessSection, DEFAULT_LOOK } from '../../../../shared/schemas/settings';
import type { SettingsAnswer } from './api';
import { Field, SettingsForm } from './SettingsForm';

const ADDRESS_FIELDS = [
  ['name', 'Name', 6],
  ['company', 'Company', 6],
  ['address1', 'Address', 12],
  ['address2', 'Apartment, suite, unit', 12],
  ['city', 'City', 5],
  ['state', 'State', 3],
  ['zip', 'ZIP', 4],
  ['phone', 'Phone', 6],
] as const;

/** Business name, the look of labels and emails, and the return address every label is sent from. */
export function BusinessSection({ settings }: { settings: SettingsAnswer }) {
  const a = settings.returnAddress;
  return (
    <>
      <SettingsForm
        title="Business"
        testId="settings-business"
        schema={businessSection}
        defaults={{
          businessName: settings.businessName ?? '',
          personalization: {
            logoUrl: settings.personalization.logoUrl ?? '',
            primaryColor: settings.personalization.primaryColor ?? DEFAULT_LOOK.primaryColor,
            accentColor: settings.personalization.accentColor ?? DEFAULT_LOOK.accentColor,
          },
          returnAddress: {
            name: a?.name ?? '',
            company: a?.company ?? '',
            address1: a?.address1 ?? '',
            address2: a?.address2 ?? '',
            city: a?.city ?? '',
            state: a?.state ?? '',
            zip: a?.zip ?? '',
            country: 'US',
            phone: a?.phone ?? '',
          },
        }}
        toBody={(v) => v}
      >
        {({ register, formState: { errors } }) => (
          <>
            <Field id="settings-business-name" label="Business name" error={errors.businessName?.message}>
              {(invalid) => <Form.Control {...register('businessName')} {...invalid} />}
            </Field>
            <Row>
              <Col sm={6}>
                <Field id="settings-logo" label="Logo address" hint="Shown on your emails." error={errors.personalization?.logoUrl?.message}>
                  {(invalid) => <Form.Control type="url" placeholder="https://" {...register('personalization.logoUrl')} {...invalid} />}
                </Field>
              </Col>
              <Col xs={6} sm={3}>
                <Field id="settings-primary" label="Main colour" error={errors.personalization?.primaryColor?.message}>
                  {(invalid) => <Form.Control type="color" {...register('personalization.primaryColor')} {...invalid} />}
                </Field>
              </Col>
              <Col xs={6} sm={3}>
                <Field id="settings-accent" label="Accent colour" error={errors.personalization?.accentColor?.message}>
                  {(invalid) => <Form.Control type="color" {...register('personalization.accentColor')} {...invalid} />}
                </Field>
              </Col>
            </Row>
            <h3 className="h6 mt-2">Return address</h3>
            <p className="small text-body-secondary">Printed as the from address on every label, and in the footer of your emails.</p>
            <Row>
              {ADDRESS_FIELDS.map(([name, label, width]) => (
                <Col sm={width} key={name}>
                  <Field id={`settings-return-${name}`} label={label} error={errors.returnAddress?.[name]?.message}>
                    {(invalid) => <Form.Control {...register(`returnAddress.${name}`)} {...invalid} />}
                  </Field>
                </Col>
              ))}
            </Row>
          </>
        )}
      </SettingsForm>
      <p className="small">
        UPS account: {settings.ups.linked ? `linked (${settings.ups.accountNumber})` : 'not linked; labels use our discounted UPS rates.'} Billing and
        payment methods are in <Link to="/settingsbilling">Billing settings</Link>.
      </p>
    </>
  );
}
