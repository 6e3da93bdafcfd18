import { ConfirmDialog } from '../../components/ConfirmDialog';
import { nameOf } from '../../lib/format';
import { type Customer, useRemoveCustomer } from './api';

/** Delete with confirmation; a customer with pending orders stays, and the server says why. */
export function DeleteCustomerModal({ customer, onHide, onDeleted }: { customer: Customer; onHide: () => void; onDeleted: () => void }) {
  const remove = useRemoveCustomer();
  return (
    <ConfirmDialog
      title="Delete Customer"
      action="Delete"
      busy={remove.isPending}
      error={remove.error}
      onHide={onHide}
      onConfirm={() => remove.mutate(customer.customerID, { onSuccess: onDeleted })}
    >
      <p className="mb-0">
        Delete <strong>{nameOf(customer)}</strong>? This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
