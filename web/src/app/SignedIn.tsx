import { ReferralClaim } from '../features/ambassadors/ReferralSignup';
import { AppShell } from './shell/AppShell';

/**
 * The signed-in layout (its plan guard is around the screen, so the navigation shows while the plan is asked).
 * Loaded with the first signed-in screen, not before: /login needs none of it (issue 18: the first page carries only
 * what it shows). RequireAuth stays outside (router.tsx), so a visit without a session goes to /login without
 * loading the layout.
 */
export function SignedIn() {
  return (
    <>
      <ReferralClaim />
      <AppShell />
    </>
  );
}
