import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/api/messages';
import { closeUpgradeDialog, useUpgradePrompt } from '../lib/upgrade-required';

const PLAN_NAMES = { starter: 'Starter', growth: 'Growth', executive: 'Executive' } as const;

/**
 * The Upgrade Required dialog (spec section 6): Upgrade Now goes to /upgrade, Cancel closes it. Mounted once in the
 * app shell; opened by every 403 'Upgrade Required' (lib/api.ts) and by screens that know the plan is too low.
 */
export function UpgradeRequiredDialog() {
  const prompt = useUpgradePrompt();
  const navigate = useNavigate();
  const plan = prompt?.requiredPlan ? PLAN_NAMES[prompt.requiredPlan] : undefined;
  return (
    <Modal show={prompt !== undefined} onHide={closeUpgradeDialog} centered aria-labelledby="upgrade-required-title" data-testid="upgrade-required">
      <Modal.Header closeButton>
        <Modal.Title id="upgrade-required-title">{MESSAGES.upgradeRequired}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {plan ? `This is part of the ${plan} plan${plan === 'Executive' ? '' : ' and up'}.` : 'Your plan does not include this.'} Upgrade your plan to use
        it.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeUpgradeDialog}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onClick={() => {
            closeUpgradeDialog();
            void navigate('/upgrade');
          }}
        >
          Upgrade Now
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
