import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ReferralClaim } from '../features/ambassadors/ReferralSignup';
import { dashboardQuery } from '../features/dashboard/api';
import { AppShell } from './shell/AppShell';

/**
 * The data of the screen a visit opens on, asked side by side with the seller's plan (PlanGuard) instead of after
 * it (issue 18: the dashboard's answer is its largest paint). A seller without a plan is refused it (no dialog: the
 * plan guard sends them to choose one).
 */
const OPENING_DATA: Record<string, (client: QueryClient) => Promise<void>> = {
  '/': (client) => client.prefetchQuery(dashboardQuery),
  '/dashboard': (client) => client.prefetchQuery(dashboardQuery),
};

/**
 * The signed-in layout (its plan guard is around the screen, so the navigation shows while the plan is asked).
 * Loaded with the first signed-in screen, not before: /login needs none of it (issue 18: the first page carries only
 * what it shows). RequireAuth stays outside (router.tsx), so a visit without a session goes to /login without
 * loading the layout.
 */
export function SignedIn() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  // The page the visit opened on, once: later navigation loads its own data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening page
  useEffect(() => void OPENING_DATA[pathname]?.(client), []);
  return (
    <>
      <ReferralClaim />
      <AppShell />
    </>
  );
}
