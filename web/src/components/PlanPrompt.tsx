import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { MESSAGES } from '../../../shared/api/messages';

/**
 * What a screen shows instead of a feature the seller's plan does not include (spec section 6): the server would
 * answer 403 'Upgrade Required', so the screen says so first and offers /upgrade rather than calling it.
 * `children` says what the feature is and which plan includes it.
 */
export function PlanPrompt({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const body = (
    <>
      <span className="fw-semibold">{MESSAGES.upgradeRequired}.</span> {children}{' '}
      <Link to="/upgrade" className="fw-semibold">
        Upgrade Now
      </Link>
    </>
  );
  if (inline)
    return (
      <div className="small text-body-secondary" data-testid="plan-prompt">
        {body}
      </div>
    );
  return (
    <Card body className="shadow-sm" data-testid="plan-prompt">
      {body}
    </Card>
  );
}
