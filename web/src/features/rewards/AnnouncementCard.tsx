import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { rewardsRoutes } from '../../../../shared/api/routes/rewards';
import { can, type Plan } from '../../../../shared/domain/plans';
import { ANNOUNCEMENT_SUBJECT } from '../../../../shared/domain/rewards-constants';
import { PlanPrompt } from '../../components/PlanPrompt';
import { ApiError } from '../../lib/api';
import { setServerErrors } from '../../lib/form';
import { useSendAnnouncement } from './api';
import { ANNOUNCEMENT_FAILED, splitExtraEmails } from './rewards-form';
import { plural } from '../../../../shared/domain/format';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

const schema = routeIn(rewardsRoutes, 'rewards.sendAnnouncementEmail').body;

/** What the extra-addresses box will send to, as the server splits it. */
function ExtraCount({ text }: { text: string }) {
  const { valid, skipped } = splitExtraEmails(text);
  if (valid.length === 0 && skipped.length === 0) return <Form.Text>Separate addresses with commas, spaces or new lines.</Form.Text>;
  return (
    <Form.Text data-testid="extra-email-count" className="d-block text-break">
      {plural(valid.length, 'extra address', 'extra addresses')}
      {skipped.length > 0 && `; not addresses, left out: ${skipped.join(', ')}`}
    </Form.Text>
  );
}

/**
 * The announcement of the program to every customer (spec section 2): subject (default 'Awesome Rewards for Amazing
 * Customers'), message and extra addresses. The send button is executive only (spec section 6): growth may write
 * it and sees the way to upgrade instead of the button.
 */
export function AnnouncementCard({ plan, sent, onSent }: { plan: Plan; sent: boolean; onSent: (message: string) => void }) {
  const maySend = can(plan, 'announcementSend');
  const send = useSendAnnouncement();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState, setError, watch } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { subject: ANNOUNCEMENT_SUBJECT, message: '', extraEmails: '' },
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      onSent((await send.mutateAsync(body)).message);
    } catch (err) {
      const fields = err instanceof ApiError && err.status === 400 && setServerErrors(err, setError);
      // 'Upgrade Required' is told by its dialog (lib/api.ts), not as the announcement failing.
      if (!fields && !(err instanceof ApiError && err.upgradeRequired)) setFailure(ANNOUNCEMENT_FAILED);
    }
  });
  return (
    <Card className="shadow-sm" data-testid="announcement">
      <Card.Header as="h2" className="h6 mb-0">
        Announce Your Rewards
      </Card.Header>
      <Card.Body>
        {sent && <p className="small text-body-secondary">Your customers were already told about this program; you may send it again.</p>}
        {failure && (
          <Alert variant="danger" data-testid="announcement-failure">
            {failure}
          </Alert>
        )}
        <Form noValidate onSubmit={submit}>
          <Form.Group className="mb-3" controlId="announcement-subject">
            <Form.Label>Subject</Form.Label>
            <Form.Control {...invalidProps('announcement-subject', errors.subject)} {...register('subject')} />
            <FieldFeedback fieldId="announcement-subject" problem={errors.subject} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="announcement-message">
            <Form.Label>Message</Form.Label>
            <Form.Control as="textarea" rows={4} {...invalidProps('announcement-message', errors.message)} {...register('message')} />
            <FieldFeedback fieldId="announcement-message" problem={errors.message} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="announcement-extra">
            <Form.Label>Also send to</Form.Label>
            <Form.Control as="textarea" rows={2} placeholder="friend@example.com" {...invalidProps('announcement-extra', errors.extraEmails)} {...register('extraEmails')} />
            <FieldFeedback fieldId="announcement-extra" problem={errors.extraEmails} />
            <ExtraCount text={watch('extraEmails') ?? ''} />
          </Form.Group>
          {maySend ? (
            <Button type="submit" disabled={send.isPending}>
              {send.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              Send Announcement
            </Button>
          ) : (
            <PlanPrompt inline>Sending the announcement is part of the Executive plan.</PlanPrompt>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}
