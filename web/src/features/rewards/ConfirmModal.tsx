import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';

/** A yes-or-no question before a step that is hard to undo (ending the program). */
export function ConfirmModal(props: {
  title: string;
  children: ReactNode;
  action: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onHide: () => void;
}) {
  return (
    <Modal show onHide={props.onHide} aria-labelledby="confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-title">{props.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {props.error ? <Alert variant="danger">{errorMessage(props.error)}</Alert> : null}
        {props.children}
      </Modal.Body>
      <ModalActions onCancel={props.onHide} busy={props.busy} onAction={props.onConfirm} variant="danger">
        {props.action}
      </ModalActions>
    </Modal>
  );
}
