import { Link, useLocation } from 'react-router';
import { useOnboarding } from '../lib/onboarding';
import { ProgressRing } from './ProgressRing';

/**
 * The onboarding progress banner (spec sections 2 and 4): the server's percent in a ring and Continue Setup (to
 * /activate), shown only below 100. At 100 it goes away and `onboarding-complete` is emitted (lib/onboarding.ts).
 * Not on /activate itself (it is that page's subject) nor before a plan is chosen (/signup-package comes first).
 */
export function OnboardingBanner() {
  // From the answer kept at the last visit until the live one comes, as the plan guard does: the banner and the
  // screen below it show together, nothing pushed down after.
  const { percent, hasPlan } = useOnboarding({ kept: true });
  const { pathname } = useLocation();
  if (percent === undefined || percent >= 100 || !hasPlan || pathname === '/activate') return null;
  return (
    <section className="onboarding-banner d-flex align-items-center gap-3 px-3 py-2 border-bottom bg-body-tertiary" aria-label="Account setup" data-testid="onboarding-banner">
      <ProgressRing percent={percent} size={44} label="Account setup" />
      <p className="mb-0 me-auto small">
        <strong>Finish setting up your account.</strong> <span className="d-none d-md-inline">A few steps and you are ready to sell and ship.</span>
      </p>
      <Link to="/activate" className="btn btn-primary btn-sm">
        Continue Setup
      </Link>
    </section>
  );
}
