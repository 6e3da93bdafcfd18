import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { routeById } from '../../../../shared/api/routes';
import { api, ApiError } from '../../lib/api';

/** What the seller reads when the claim could not be sent at all (the server answers the same words when it fails). */
const CLAIM_FAILED = 'Your delivery claim could not be filed. Please try again later.';

/** A delivery claim for a shipped order: what happened, then what happens next, or why it was refused. */
export function DeliveryClaim({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const claim = useMutation({
    mutationFn: () => api('help.deliveryClaim', { body: { orderID: orderId, description } }, z.object({ message: z.string() })),
  });
  if (claim.data) return <Alert variant="info" data-testid="claim-result">{claim.data.message}</Alert>;
  if (!open) {
    return (
      <Button variant="link" size="sm" className="px-0" onClick={() => setOpen(true)}>
        File a Delivery Claim
      </Button>
    );
  }
  const sendError = claim.error instanceof ApiError ? (claim.error.errors.description ?? claim.error.message) : claim.error ? CLAIM_FAILED : undefined;
  const error = invalid ?? sendError;
  return (
    <Form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        // The server's own rules, so a blank claim is refused in the same words without a request.
        const checked = routeById('help.deliveryClaim').body.safeParse({ orderID: orderId, description });
        setInvalid(checked.error?.issues[0]?.message);
        if (checked.success) claim.mutate();
      }}
    >
      <Form.Group controlId={`claim-${orderId}`} className="mb-2">
        <Form.Label className="small">What happened to this package?</Form.Label>
        <Form.Control as="textarea" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} isInvalid={Boolean(error)} />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-secondary" disabled={claim.isPending}>
        Send Claim
      </Button>
    </Form>
  );
}
