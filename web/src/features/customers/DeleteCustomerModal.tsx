import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { type Customer, useRemoveCustomer } from './api';
import { nameOf } from '../../lib/format';

/** Delete with confirmation; a customer with pending orders stays, and the server says why. */
export function DeleteCustomerModal({ customer, onHide, onDeleted }: { customer: Customer; onHide: () => void; onDeleted: () => void }) {
  const remove = useRemoveCustomer();
  const run = async () => {
    try {
      await remove.mutateAsync(customer.customerID);
      onDeleted();
    } catch {
      // shown below from remove.error
    }
  };
  return (
    <Modal show onHide={onHide} aria-labelledby="delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-title">Delete Customer</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {remove.error && <Alert variant="danger">{errorMessage(remove.error)}</Alert>}
        <p className="mb-0">
          Delete <strong>{nameOf(customer)}</strong>? This cannot be undone.
        </p>
      </Modal.Body>
      <ModalActions onCancel={onHide} busy={remove.isPending} onAction={run} variant="danger">
        Delete
      </ModalActions>
    </Modal>
  );
}
