import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSellerProfile } from '../lib/onboarding';

/** Where a seller with no plan may be: choosing it, paying for it, help and leaving. */
const OPEN_WITHOUT_PLAN = ['/signup-package', '/upgrade', '/payment', '/settingsbilling', '/help', '/logout'];

/**
 * A seller who signed up but has not chosen a plan has none (spec section 4's Start Plan): every other screen sends
 * them to /signup-package. The server refuses their calls the same way (PlanRequired); this only saves the trip.
 * Around the screen only (AppShell): the navigation shows while the plan is asked.
 */
export function PlanGuard({ children }: { children: ReactNode }) {
  const info = useSellerProfile();
  const { pathname } = useLocation();
  // Wait for the plan before a screen calls what a seller without one is refused (a failed read lets the app on).
  // Nothing meanwhile (it is short: the plan is asked as the app starts, opening-data.ts): the onboarding banner
  // comes with the plan above the screen, and a spinner there would be pushed down (a layout shift, issue 18).
  if (info.isPending) return null;
  if (info.data && info.data.plan === null && !OPEN_WITHOUT_PLAN.includes(pathname)) return <Navigate to="/signup-package" replace />;
  return children;
}
