import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useBillingInfo } from './api';
import { BillingForm } from './BillingForm';

/**
 * The billing form's shipping layout in a dialog, for the orders screen: where postage is off or no card is
 * saved, the seller chooses an auto-recharge amount and a card without leaving the screen. Keeps the plan.
 */
export function PostageBillingButton({ onSaved }: { onSaved?: () => void }) {
  const [show, setShow] = useState(false);
  const info = useBillingInfo();
  // No plan yet: the orders screen is not theirs until they choose one (/signup-package), so no postage billing.
  if (!info.data?.plan) return null;
  const { plan, annual } = info.data;
  return (
    <>
      <Button variant="outline-primary" size="sm" onClick={() => setShow(true)}>
        Set Up Postage Billing
      </Button>
      <Modal show={show} onHide={() => setShow(false)}>
        <Modal.Header closeButton>
          <Modal.Title>Postage billing</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <BillingForm
            layout="shipping"
            plan={plan}
            annual={annual}
            submitLabel="Save and Turn Postage On"
            onSaved={() => {
              setShow(false);
              onSaved?.();
            }}
          />
        </Modal.Body>
      </Modal>
    </>
  );
}
