import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

/**
 * A dialog's footer: Cancel, and the one action with a spinner while it runs (disabled then, so it is not sent
 * twice). Without `onAction` the action submits the dialog's form.
 */
export function ModalActions(props: {
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
  onAction?: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  /** Another button between Cancel and the action. */
  extra?: ReactNode;
}) {
  return (
    <Modal.Footer>
      <Button variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      {props.extra}
      <Button
        type={props.onAction ? 'button' : 'submit'}
        variant={props.variant ?? 'primary'}
        onClick={props.onAction}
        disabled={props.busy || props.disabled}
      >
        {props.busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {props.children}
      </Button>
    </Modal.Footer>
  );
}
