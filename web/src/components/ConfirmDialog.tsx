import { type ReactNode, useId } from 'react';
import { Alert } from './Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from './ErrorAlert';
import { ModalActions } from './ModalActions';

export interface ConfirmDialogProps {
  /** The question, named for the step: 'Void this label?', 'Upgrade to Executive?'. */
  title: string;
  /** What happens, in the seller's words: what is refunded, charged or lost. */
  children: ReactNode;
  /** The confirming button's label ('Void Label', 'Pay $29.00 and Upgrade'). */
  action: string;
  /** danger for what cannot be undone (void, delete, cancel), primary for a payment. */
  variant?: 'danger' | 'primary';
  /** The step is running: the action shows a spinner and cannot be sent twice. */
  busy?: boolean;
  /** The step's failure, shown in the dialog so the seller can try again or cancel. */
  error?: unknown;
  onConfirm: () => void;
  onHide: () => void;
  /** A second way on (e.g. 'Keep Cancellation'), between Cancel and the action. */
  alternative?: { label: string; onClick: () => void };
}

/**
 * The one question asked before a step that moves money or cannot be undone (void a label, delete, cancel, pay).
 * Every screen asks through this dialog, so the question always reads and behaves the same: titled for screen
 * readers, Cancel first, the action last and disabled while it runs, its failure shown in place.
 */
export function ConfirmDialog({ title, children, action, variant = 'danger', busy = false, error, onConfirm, onHide, alternative }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal show onHide={busy ? () => undefined : onHide} aria-labelledby={titleId} data-testid="confirm-dialog">
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
        {children}
      </Modal.Body>
      <ModalActions
        onCancel={onHide}
        busy={busy}
        onAction={onConfirm}
        variant={variant}
        extra={
          alternative && (
            <Button variant="outline-secondary" onClick={alternative.onClick} disabled={busy}>
              {alternative.label}
            </Button>
          )
        }
      >
        {action}
      </ModalActions>
    </Modal>
  );
}
