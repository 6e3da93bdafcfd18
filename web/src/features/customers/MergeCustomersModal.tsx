import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { routeIn } from '../../../../shared/api/routes/define';
import { customersRoutes } from '../../../../shared/api/routes/customers';
import { formatMoney, orNA, plural } from '../../../../shared/domain/format';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { Loading } from '../../components/Loading';
import { Typeahead } from '../../components/Typeahead';
import { type Customer, searchCustomers, useMatchingForMerge, useMergeCustomers } from './api';
import { nameOf } from '../../lib/format';

// The server's own rules (at least one, at most 50, never the kept customer itself).
const mergeBody = routeIn(customersRoutes, 'customers.merge').body;

/**
 * Merge Customers (spec section 2): the kept customer stays; the chosen ones give it their orders, points and
 * spend and are removed. Suggested: the seller's customers with the same email, phone or name; any other can be
 * added by typing.
 */
export function MergeCustomersModal({ customer, onHide, onMerged }: { customer: Customer; onHide: () => void; onMerged: (c: Customer) => void }) {
  const matching = useMatchingForMerge(customer.customerID);
  const merge = useMergeCustomers();
  const [added, setAdded] = useState<Customer[]>([]);
  const form = useForm<z.input<typeof mergeBody>, unknown, z.output<typeof mergeBody>>({
    resolver: zodResolver(mergeBody),
    defaultValues: { id: customer.customerID, mergeIds: [] },
  });
  const chosen = form.watch('mergeIds');
  const choose = (id: string, on: boolean) => form.setValue('mergeIds', on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  const candidates = [...(matching.data?.customers ?? []), ...added.filter((a) => !matching.data?.customers.some((m) => m.customerID === a.customerID))];

  // A failed merge is shown below from merge.error.
  const run = form.handleSubmit((body) => merge.mutate(body, { onSuccess: onMerged }));
  const invalid = form.formState.errors.mergeIds?.message;

  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="merge-title">
      <Modal.Header closeButton>
        <Modal.Title id="merge-title">Merge Customers</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Keep <strong>{nameOf(customer)}</strong> and merge the customers you choose into it. Their orders, reward points and total spend
          move to {nameOf(customer)}, and they are removed.
        </p>
        {(invalid || merge.error) && <Alert variant="danger">{invalid ?? errorMessage(merge.error)}</Alert>}
        {matching.isPending ? (
          <Loading label="Looking for duplicates..." />
        ) : candidates.length === 0 ? (
          <p className="text-body-secondary">No customers with the same name, email or phone. Find one below.</p>
        ) : (
          <ListGroup className="mb-3" data-testid="merge-candidates">
            {candidates.map((c) => (
              <ListGroup.Item key={c.customerID}>
                <Form.Check
                  id={`merge-${c.customerID}`}
                  checked={chosen.includes(c.customerID)}
                  onChange={(e) => choose(c.customerID, e.target.checked)}
                  label={
                    <span>
                      <strong>{nameOf(c)}</strong> · {orNA(c.email)} · {orNA(c.phone)} · {plural(c.rewardBalance, 'point')} · {formatMoney(c.totalSpend)}
                    </span>
                  }
                />
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Typeahead<Customer>
          name="merge-customer"
          label="Find another customer to merge"
          placeholder="Type at least 2 characters of a name, email or phone"
          search={searchCustomers}
          optionKey={(c) => c.customerID}
          optionLabel={nameOf}
          optionDetail={(c) => [c.email, c.phone].filter(Boolean).join(' · ') || undefined}
          exclude={(c) => c.customerID === customer.customerID}
          onSelect={(c) => {
            setAdded((prev) => (prev.some((p) => p.customerID === c.customerID) ? prev : [...prev, c]));
            choose(c.customerID, true);
          }}
        />
      </Modal.Body>
      <ModalActions onCancel={onHide} busy={merge.isPending} onAction={run} disabled={chosen.length === 0}>
        Merge {chosen.length > 0 ? `${chosen.length} ` : ''}into {nameOf(customer)}
      </ModalActions>
    </Modal>
  );
}
