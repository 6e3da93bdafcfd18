import { Alert } from './Alert';
import Button from 'react-bootstrap/Button';
import { ApiError, GENERIC_ERROR } from '../lib/api';

/**
 * What a person is told when a call failed: the server's message for known failures (4xx, and 5xx in the catalogue's
 * words), else the generic one. Nothing for 'Upgrade Required': the Upgrade Required dialog has said it already.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.upgradeRequired) return '';
  return error instanceof ApiError ? error.message : GENERIC_ERROR;
}

/** A failure worth a line of its own (not the plan gate's, which the Upgrade Required dialog shows). */
export function shownError(error: unknown): boolean {
  return Boolean(error) && !(error instanceof ApiError && error.upgradeRequired);
}

/**
 * Whether asking again can answer otherwise: a failure of the network or the server, a timeout or a rate limit. A
 * refusal (a missing customer, a bad link) answers the same every time, so it is offered no Try again.
 */
export function retryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 0;
}

export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (!shownError(error)) return null;
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{errorMessage(error)}</span>
      {onRetry && retryable(error) && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
