import { ReferralClaim } from '../features/ambassadors/ReferralSignup';
import { PlanGuard } from './PlanGuard';
import { RequireAuth } from './RequireAuth';
import { AppShell } from './shell/AppShell';

/**
 * The signed-in layout with its guards. Loaded with the first signed-in screen, not before: /login needs none of it
 * (issue 18: the first page carries only what it shows).
 */
export function SignedIn() {
  return (
    <RequireAuth>
      <ReferralClaim />
      <PlanGuard>
        <AppShell />
      </PlanGuard>
    </RequireAuth>
  );
}
