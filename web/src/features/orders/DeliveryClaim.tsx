import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGES } from '../../../../shared/api/messages';
import { routeIn } from '../../../../shared/api/routes/define';
import { helpRoutes } from '../../../../shared/api/routes/help';
import { ApiError } from '../../lib/api';
import { setServerErrors } from '../../lib/form';
import { showDate } from '../../lib/format';
import { useDeliveryClaim } from './api';
import { FieldFeedback, invalidProps } from '../../components/FieldFeedback';

// The server's own rules, so a blank claim is refused in the same words without a request.
const claimBody = routeIn(helpRoutes, 'help.deliveryClaim').body;

/**
 * A delivery claim for a shipped order: what happened, then what happens next, or why it was refused. An order has
 * one claim: once filed (`filedAt`), it says so instead of offering another.
 */
export function DeliveryClaim({ orderId, filedAt }: { orderId: string; filedAt?: string | null }) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof claimBody>, unknown, z.output<typeof claimBody>>({
    resolver: zodResolver(claimBody),
    defaultValues: { orderID: orderId, description: '' },
  });
  const claim = useDeliveryClaim();
  if (claim.data) return <Alert variant="info" data-testid="claim-result">{claim.data.message}</Alert>;
  if (filedAt)
    return (
      <div className="small mt-2" data-testid="claim-filed">
        A delivery claim was filed on {showDate(filedAt)}.
      </div>
    );
  if (!open) {
    return (
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen(true)}>
        File a Delivery Claim
      </Button>
    );
  }
  // A claim that could not be sent at all reads the words the server answers when filing fails.
  const sendError = claim.error && !(claim.error instanceof ApiError && claim.error.errors.description) ? (claim.error instanceof ApiError ? claim.error.message : MESSAGES.claimFailed) : undefined;
  const error = formState.errors.description?.message ?? formState.errors.orderID?.message ?? sendError;
  const submit = handleSubmit((body) => claim.mutate(body, { onError: (err) => setServerErrors(err, setError) }));
  return (
    <Form className="mt-2" noValidate onSubmit={submit}>
      <Form.Group controlId={`claim-${orderId}`} className="mb-2">
        <Form.Label className="small">What happened to this package?</Form.Label>
        <Form.Control as="textarea" rows={2} {...invalidProps(`claim-${orderId}`, error)} {...register('description')} />
        <FieldFeedback fieldId={`claim-${orderId}`} problem={error} />
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-secondary" disabled={claim.isPending}>
        Send Claim
      </Button>
    </Form>
  );
}
