import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { useSellerProfile } from '../lib/onboarding';

/** Where a seller with no plan may be: choosing it, paying for it, help and leaving. */
const OPEN_WITHOUT_PLAN = ['/signup-package', '/upgrade', '/payment', '/settingsbilling', '/help', '/logout'];

/**
 * A seller who signed up but has not chosen a plan has none (spec section 4's Start Plan): every other screen sends
 * them to /signup-package. The server refuses their calls the same way (PlanRequired); this only saves the trip.
 */
export function PlanGuard({ children }: { children: ReactNode }) {
  // The plan kept at the seller's last visit lets the screen open while the live answer comes (issue 18: the
  // opening page renders once, not after one more round trip); only the live answer sends a seller to choose one.
  const info = useSellerProfile({ kept: true });
  const { pathname } = useLocation();
  // Wait for the plan before a screen calls what a seller without one is refused (a failed read lets the app on).
  if (info.isPending || (info.isPlaceholderData && info.data?.plan === null)) return <Loading fill />;
  if (info.data && info.data.plan === null && !OPEN_WITHOUT_PLAN.includes(pathname)) return <Navigate to="/signup-package" replace />;
  return children;
}
