import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { GOAL_TYPES, type GoalType, MAX_REWARD_TEXT } from '../../../../shared/domain/rewards-constants';
import { can, type Plan } from '../../../../shared/domain/plans';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../components/ErrorAlert';
import { PlanPrompt } from '../../components/PlanPrompt';
import { setServerErrors } from '../../lib/form';
import { type RewardSettings, useSaveSettings } from './api';
import { ICON_EMOJI, iconLabel, PICKER_ICONS } from './reward-icons';
import { type SettingsFormInput, type SettingsFormOutput, settingsDefaults, settingsForm } from './rewards-form';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

/** The goal's unit as the Counted in choice names it. */
const GOAL_TYPE_NAMES: Record<GoalType, string> = { items: 'Items bought', dollars: 'Dollars spent' };
const GOAL_EXAMPLE: Record<GoalType, string> = { items: '30 items', dollars: '$30.00' };

/**
 * Reward program settings (spec section 3): start date, goal and its unit, the reward's text and icon, and the
 * automatic reward emails, which executive may turn on and growth sees locked with the way to upgrade.
 * Used to start a program (/rewards/activate) and to change it (the settings panel of /rewards).
 */
export function SettingsForm({
  settings,
  plan,
  submitLabel,
  onSaved,
}: {
  settings: RewardSettings | undefined;
  plan: Plan;
  submitLabel: string;
  onSaved: (message: string, settings: RewardSettings) => void;
}) {
  const today = useMemo(() => new Date(), []);
  const mayEmail = can(plan, 'automaticRewardEmails');
  const schema = useMemo(() => settingsForm(today, settings?.startDate ?? null), [today, settings?.startDate]);
  const save = useSaveSettings();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState, setError, watch } = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: settingsDefaults(settings, today, mayEmail),
  });
  const errors = formState.errors;
  const textLength = (watch('rewardText') ?? '').length;

  // Points already earned keep their number when a running program starts counting the other way (30 items become
  // $30.00): the seller is told and asked first.
  const [unitChange, setUnitChange] = useState<SettingsFormOutput>();
  const send = async (values: SettingsFormOutput) => {
    setFailure(undefined);
    try {
      // The server refuses automatic emails below executive; the locked switch never sends them on.
      const answer = await save.mutateAsync({ ...values, sendRewardsEmail: mayEmail && values.sendRewardsEmail });
      onSaved(answer.message, answer.settings);
    } catch (err) {
      if (!setServerErrors(err, setError)) setFailure(errorMessage(err));
    } finally {
      setUnitChange(undefined);
    }
  };
  const submit = handleSubmit((values) => (settings?.active && values.goalType !== settings.goalType ? setUnitChange(values) : send(values)));

  return (
    <Form noValidate onSubmit={submit} data-testid="reward-settings">
      {failure && <Alert variant="danger">{failure}</Alert>}
      {unitChange && settings && (
        <ConfirmDialog
          title="Count points another way?"
          action={`Count ${GOAL_TYPE_NAMES[unitChange.goalType].toLowerCase()}`}
          busy={save.isPending}
          onHide={() => setUnitChange(undefined)}
          onConfirm={() => void send(unitChange)}
        >
          <p className="mb-0">
            Points customers already have keep their number: {GOAL_EXAMPLE[settings.goalType]} becomes {GOAL_EXAMPLE[unitChange.goalType]}. Orders
            from now on count {GOAL_TYPE_NAMES[unitChange.goalType].toLowerCase()}.
          </p>
        </ConfirmDialog>
      )}
      <Form.Group className="mb-3" controlId="reward-start-date">
        <Form.Label>Start date</Form.Label>
        <Form.Control placeholder="MM/DD/YYYY" inputMode="numeric" maxLength={10} {...invalidProps('reward-start-date', errors.startDate)} {...register('startDate')} />
        <FieldFeedback fieldId="reward-start-date" problem={errors.startDate} />
        <Form.Text>Orders from this day on earn points.</Form.Text>
      </Form.Group>

      <Row className="g-2 mb-3">
        <Col xs={5}>
          <Form.Group controlId="reward-goal-count">
            <Form.Label>Goal</Form.Label>
            <Form.Control inputMode="numeric" maxLength={4} {...invalidProps('reward-goal-count', errors.goalCount)} {...register('goalCount')} />
            <FieldFeedback fieldId="reward-goal-count" problem={errors.goalCount} />
          </Form.Group>
        </Col>
        <Col xs={7}>
          <Form.Group controlId="reward-goal-type">
            <Form.Label>Counted in</Form.Label>
            <Form.Select {...register('goalType')}>
              {GOAL_TYPES.map((t) => (
                <option key={t} value={t}>
                  {GOAL_TYPE_NAMES[t]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      </Row>

      <Form.Group className="mb-3" controlId="reward-text">
        <Form.Label>Reward</Form.Label>
        <Form.Control
          placeholder="A free gift"
          maxLength={MAX_REWARD_TEXT}
          {...invalidProps('reward-text', errors.rewardText, 'reward-text-count')}
          {...register('rewardText')}
        />
        <FieldFeedback fieldId="reward-text" problem={errors.rewardText} />
        <Form.Text id="reward-text-count" data-testid="reward-text-count">
          {textLength}/{MAX_REWARD_TEXT} characters
        </Form.Text>
      </Form.Group>

      <fieldset className="mb-3">
        <legend className="form-label fs-6">Icon</legend>
        <div className="d-flex flex-wrap gap-1" role="radiogroup" aria-label="Icon">
          {PICKER_ICONS.map((icon) => (
            <div key={icon}>
              <input type="radio" className="btn-check" id={`reward-icon-${icon}`} value={icon} aria-label={iconLabel(icon)} {...register('icon')} />
              <label className="btn btn-outline-secondary reward-icon-choice" htmlFor={`reward-icon-${icon}`} title={iconLabel(icon)}>
                <span aria-hidden="true">{ICON_EMOJI[icon]}</span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>

      <Form.Group className="mb-3" controlId="reward-send-emails">
        <Form.Check
          type="switch"
          label="Send reward emails automatically"
          disabled={!mayEmail}
          {...register('sendRewardsEmail')}
        />
        {mayEmail ? (
          <Form.Text>A customer gets an email on reaching the goal, and a weekly reminder while a reward waits.</Form.Text>
        ) : (
          <PlanPrompt inline>Automatic reward emails are part of the Executive plan.</PlanPrompt>
        )}
      </Form.Group>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {submitLabel}
      </Button>
    </Form>
  );
}
