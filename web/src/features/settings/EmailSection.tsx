import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { can } from '../../../../shared/domain/plans';
import { emailSection } from '../../../../shared/schemas/settings';
import { type SettingsAnswer, useSellerPlan } from './api';
import { Field, SettingsForm } from './SettingsForm';

/** #email: who the seller's emails come from, and automatic follow-up (growth and up; the server refuses it below). */
export function EmailSection({ settings }: { settings: SettingsAnswer }) {
  const plan = useSellerPlan();
  const followUpAllowed = plan.data ? can(plan.data, 'automaticFollowUp') : false;
  return (
    <SettingsForm
      title="Email"
      testId="settings-email"
      schema={emailSection}
      defaults={{ senderName: settings.senderName ?? '', replyTo: settings.replyTo ?? '', automaticFollowUp: settings.automaticFollowUp }}
      // A plan without follow-up never asks for it: saving the rest must not be refused for it.
      toBody={(v) => (followUpAllowed ? v : { senderName: v.senderName, replyTo: v.replyTo })}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Field id="settings-sender" label="Sender name" hint="The name your customers see in their inbox." error={errors.senderName?.message}>
            {(invalid) => <Form.Control {...register('senderName')} {...invalid} />}
          </Field>
          <Field id="settings-reply-to" label="Reply-to address" hint="Where your customers' replies go." error={errors.replyTo?.message}>
            {(invalid) => <Form.Control type="email" {...register('replyTo')} {...invalid} />}
          </Field>
          <Form.Check
            type="switch"
            id="settings-follow-up"
            className="mb-3"
            label="Send follow-up emails automatically"
            disabled={!followUpAllowed}
            {...register('automaticFollowUp')}
          />
          {plan.data && !followUpAllowed && (
            <p className="small">
              Automatic follow-up is part of Growth and Executive. <Link to="/upgrade">Upgrade</Link>
            </p>
          )}
        </>
      )}
    </SettingsForm>
  );
}
