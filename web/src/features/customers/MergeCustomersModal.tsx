import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { formatMoney, orNA } from '../../../../shared/domain/format';
import { errorMessage } from '../../components/ErrorAlert';
import { ModalActions } from '../../components/ModalActions';
import { Loading } from '../../components/Loading';
import { Typeahead } from '../../components/Typeahead';
import { type Customer, searchCustomers, useMatchingForMerge, useMergeCustomers } from './api';
import { nameOf } from '../../lib/format';

/**
 * Merge Customers (spec section 2): the kept customer stays; the chosen ones give it their orders, points and
 * spend and are removed. Suggested: the seller's customers with the same email, phone or name; any other can be
 * added by typing.
 */
export function MergeCustomersModal({ customer, onHide, onMerged }: { customer: Customer; onHide: () => void; onMerged: (c: Customer) => void }) {
  const matching = useMatchingForMerge(customer.customerID);
  const merge = useMergeCustomers();
  const [added, setAdded] = useState<Customer[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const candidates = [...(matching.data?.customers ?? []), ...added.filter((a) => !matching.data?.customers.some((m) => m.customerID === a.customerID))];

  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = async () => {
    try {
      onMerged(await merge.mutateAsync({ id: customer.customerID, mergeIds: [...chosen] }));
    } catch {
      // shown below from merge.error
    }
  };

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
        {merge.error && <Alert variant="danger">{errorMessage(merge.error)}</Alert>}
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
                  checked={chosen.has(c.customerID)}
                  onChange={() => toggle(c.customerID)}
                  label={
                    <span>
                      <strong>{nameOf(c)}</strong> · {orNA(c.email)} · {orNA(c.phone)} · {c.rewardBalance} points · {formatMoney(c.totalSpend)}
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
            setChosen((prev) => new Set(prev).add(c.customerID));
          }}
        />
      </Modal.Body>
      <ModalActions onCancel={onHide} busy={merge.isPending} onAction={run} disabled={chosen.size === 0}>
        Merge {chosen.size > 0 ? `${chosen.size} ` : ''}into {nameOf(customer)}
      </ModalActions>
    </Modal>
  );
}
