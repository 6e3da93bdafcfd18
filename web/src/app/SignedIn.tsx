import { ReferralClaim } from '../features/ambassadors/ReferralSignup';
import { PlanGuard } from './PlanGuard';
import { AppShell } from './shell/AppShell';

/**
 * The signed-in layout with the plan's guard. Loaded with the first signed-in screen, not before: /login needs none
 * of it (issue 18: the first page carries only what it shows). RequireAuth stays outside (router.tsx), so a visit
 * without a session goes to /login without loading the layout. The plan is asked as the app starts
 * (opening-data.ts), beside this chunk, so the guard seldom waits.
 */
export function SignedIn() {
  return (
    <>
      <ReferralClaim />
      <PlanGuard>
        <AppShell />
      </PlanGuard>
    </>
  );
}
